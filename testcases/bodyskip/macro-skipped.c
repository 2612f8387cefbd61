/*
 * check-name: a function a macro defines that cannot matter is not parsed
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "bodyskip-macro.h"

/* demo_probe_open()'s body names an undeclared identifier: skipped, it
 * is not seen (macro-all-bodies.c parses it). */
int macro_skipped(struct path *dir)
{
	return demo_probe_open(dir);
}
