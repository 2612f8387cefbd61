/*
 * A function per invocation, in the manner of the kernel's tracepoints:
 * the macro's text names nothing of the rules, so the bodies it defines
 * are skipped.  This one would not parse: only --parse-all-bodies
 * reads it.
 */
#ifndef BODYSKIP_MACRO_H
#define BODYSKIP_MACRO_H

#include "wb.h"

#define DEMO_DEFINE_PROBE(name)						\
	static inline int demo_probe_##name(struct path *p)		\
	{								\
		return p->mnt == NULL ? 0 : demo_probe_undeclared_##name; \
	}

DEMO_DEFINE_PROBE(open)

#endif
