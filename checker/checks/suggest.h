/* What to write instead of an unbracketed guarded call. */
#ifndef WBCHECK_CHECKS_SUGGEST_H
#define WBCHECK_CHECKS_SUGGEST_H

#include "model/ir.h"
#include "ruleset/ruleset.h"

/* RULE is NULL for a call of a helper that needs the bracket. */
char *suggest_call(const struct ir_func *fn, const struct ir_call *call,
		   const struct rule_guard *rule, const struct rules *rules);

#endif
