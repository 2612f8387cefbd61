/* A sample header written for wbcheck: the errno values the samples use. */
#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H

#define EPERM		 1
#define ENOENT		 2
#define EIO		 5
#define EBADF		 9
#define ENOMEM		12
#define EACCES		13
#define EBUSY		16
#define EEXIST		17
#define EXDEV		18
#define ENOTDIR		20
#define EISDIR		21
#define EINVAL		22
#define ENOSPC		28
#define EROFS		30
#define EMLINK		31
#define ERANGE		34
#define ENAMETOOLONG	36
#define ENOTEMPTY	39
#define ENODATA		61
#define EOPNOTSUPP	95
#define ESTALE		116

#endif /* _LINUX_ERRNO_H */
