/*
 * Header functions for the skipping of bodies (checker/bodyskip.c):
 * one the analysis must read (a wrapper that takes the bracket), one it
 * must read whole (a pure predicate), and one it never needs, whose
 * body clang would reject.  Parsed only with --parse-all-bodies.
 */
#ifndef BODYSKIP_H
#define BODYSKIP_H

#include "wb.h"

/* leads to a rule's function: kept */
static inline int demo_dir_want_write(struct path *dir)
{
	return mnt_want_write(dir->mnt);
}

static inline void demo_dir_drop_write(struct path *dir)
{
	mnt_drop_write(dir->mnt);
}

/* no member, call or asm: may be pure, kept */
static inline int demo_mode_writes(unsigned int mode)
{
	return (mode & 3) != 0;
}

/* nothing of the rules, and not pure: skipped */
static inline int demo_dir_depth(struct path *dir)
{
	return dir->dentry == NULL ? 0 : demo_undeclared_depth;
}

#endif
