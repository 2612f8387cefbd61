/*
 * A macro whose own text names nothing of the rules, but whose
 * arguments may: DEMO_DEFINE_CALL(f, mnt_want_write(mnt)) defines an
 * acquire wrapper.  Its bodies are skipped, and the invocation decides.
 */
#ifndef BODYSKIP_MACRO_DEF_H
#define BODYSKIP_MACRO_DEF_H

#include "wb.h"

#define DEMO_DEFINE_CALL(name, call)					\
	static inline int name(struct path *p)				\
	{								\
		struct vfsmount *mnt = p->mnt;				\
									\
		return call;						\
	}

#endif
