/* A sample header written for wbcheck: BUG() never returns. */
#ifndef _LINUX_BUG_H
#define _LINUX_BUG_H

#include <linux/compiler.h>

void panic(const char *fmt, ...) __attribute__((noreturn));

#define BUG()		panic("BUG")
#define BUG_ON(cond)	do { if (unlikely(cond)) BUG(); } while (0)

#endif /* _LINUX_BUG_H */
