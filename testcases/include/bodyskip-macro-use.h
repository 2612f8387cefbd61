/* A header that makes an acquire wrapper of DEMO_DEFINE_CALL. */
#ifndef BODYSKIP_MACRO_USE_H
#define BODYSKIP_MACRO_USE_H

#include "bodyskip-macro-def.h"

DEMO_DEFINE_CALL(demo_macro_want_write, mnt_want_write(mnt))

#endif
