/* A sample header written for wbcheck: open flags and *at() conventions. */
#ifndef _LINUX_FCNTL_H
#define _LINUX_FCNTL_H

#define O_RDONLY	00000000
#define O_WRONLY	00000001
#define O_RDWR		00000002
#define O_CREAT		00000100
#define O_EXCL		00000200

#define AT_FDCWD		-100
#define AT_REMOVEDIR		0x200

#endif /* _LINUX_FCNTL_H */
