savedcmd_fs/demo/built.o := gcc -Wp,-MMD,fs/demo/.built.o.d -nostdinc -I/src/include -I./include -D__KERNEL__ -Werror -include ./include/linux/kconfig.h -DKBUILD_MODNAME='"demo"' -DKBUILD_BASENAME=\"x\" -c -o fs/demo/built.o /src/fs/demo/built.c ; ./tools/objtool/objtool --hacks=jump_label fs/demo/built.o

source_fs/demo/built.o := /src/fs/demo/built.c

deps_fs/demo/built.o := \
  include/linux/kconfig.h \

fs/demo/built.o: $(deps_fs/demo/built.o)
