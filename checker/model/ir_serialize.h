/* Lowered functions to and from text, for the summary database. */
#ifndef WBCHECK_MODEL_IR_SERIALIZE_H
#define WBCHECK_MODEL_IR_SERIALIZE_H

#include <stddef.h>
#include "model/ir.h"

char *ir_encode(const struct ir_func *fn);
/* NULL when TEXT is not a well-formed encoding (a corrupt database). */
struct ir_func *ir_decode(const char *text, size_t len);

#endif
