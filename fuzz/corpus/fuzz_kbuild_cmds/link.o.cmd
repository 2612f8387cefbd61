savedcmd_vmlinux.a := rm -f vmlinux.a; ar cDPrST vmlinux.a init/main.o
