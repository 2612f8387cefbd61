/* A sample header written for wbcheck: file descriptor references. */
#ifndef _LINUX_FILE_H
#define _LINUX_FILE_H

struct file;

struct file *fget(unsigned int fd);
void fput(struct file *file);

#endif /* _LINUX_FILE_H */
