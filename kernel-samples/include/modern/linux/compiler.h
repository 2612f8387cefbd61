/* A sample header written for wbcheck: compiler annotations. */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

/* Address-space annotations only mean something to sparse. */
#define __user
#define __kernel

#define asmlinkage
#define noinline	__attribute__((noinline))
#define __always_inline	inline __attribute__((always_inline))

#endif /* _LINUX_COMPILER_H */
