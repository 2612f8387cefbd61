/*
 * check-name: --parse-all-bodies parses the bodies a macro defines
 * check-command: wbcheck --parse-all-bodies -I testcases/include $file
 * check-exit-value: 2
 *
 * check-output-start
 * check-output-end
 */
#include "bodyskip-macro.h"

/* demo_probe_open()'s body names an undeclared identifier: parsed, it
 * is an error, which macro-skipped.c, parsing it skipped, does not see. */
int macro_all_bodies(struct path *dir)
{
	return demo_probe_open(dir);
}
