/* analysis: the key algebra (keys.c).  "$N" stands for parameter N, so
 * that a callee's key can be rewritten in its caller's terms; keys are
 * compared with key_norm(), which drops a leading '&': &path and path
 * name the same object. */
#ifndef WBCHECK_ANALYSIS_KEYS_H
#define WBCHECK_ANALYSIS_KEYS_H

#include "model/ir.h"

const char *key_norm(const char *key);
/* Is KEY the object PREFIX names, or a member path of it (p, p->m, p.a[i])? */
int key_under(const char *key, const char *prefix);
/* Rewrite a callee key in terms of the caller's argument texts
 * (ARGS[i] is the key of argument i+1).  NULL if it cannot be. */
char *key_substitute(const char *key, char *const *args, int nargs);
/* The parameter (1-based) a key names when it is the bare "$N", or 0. */
int key_param(const char *key);
/* The variable a key is rooted in ("d_inode($2->fh_dentry)": parameter
 * 2), or -1. */
int key_root_var(const struct ir_func *fn, const char *key);
/* The same, through locals set once (dirp = d_inode(ddir)). */
int key_origin_var(const struct ir_func *fn, const char *key);
/* KEY through the locals set once it is reached by (resp->fh, resp =
 * rqstp->rq_resp: $1->rq_resp->fh), '&' dropped.  Malloc'd. */
char *key_origin(const struct ir_func *fn, const char *key);
/* KEY with parameters by name. */
char *key_text(const struct ir_func *fn, const char *key);

#endif
