cmd_fs/old.o := gcc -I include -isystem /usr/lib/gcc/include "-DX=\"a b\"" -c -o fs/old.o fs/old.c && true
