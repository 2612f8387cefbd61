/*
 * Static inlines around a wrapper that another file defines: the
 * header's text names no rule's function, only the wrapper.
 */
#ifndef HDRWRAP_H
#define HDRWRAP_H

#include "wb.h"

int sample_want(struct path *path);
void sample_drop(struct path *path);

static inline int sample_start(struct path *dir)
{
	return sample_want(dir);
}

static inline void sample_end(struct path *dir)
{
	sample_drop(dir);
}

#endif
