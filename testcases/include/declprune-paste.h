/*
 * A function whose only mention is a name pasted together: the text
 * never says "demo_probe_p" outside its declaration, and "_p" is too
 * short a word to go by (tufilter.c), so the declaration is dropped,
 * the call does not parse, and the file is parsed again as it is.
 */
#ifndef DECLPRUNE_PASTE_H
#define DECLPRUNE_PASTE_H

#include "wb.h"

int demo_probe_p(struct path *p);
int demo_never_named(struct path *p);

#define demo_call(prefix, arg) prefix##_p(arg)

#endif
