/*
 * check-name: --parse-all-bodies parses the bodies a macro defines
 * check-command: wbcheck --parse-all-bodies -I testcases/include $file
 * check-exit-value: 2
 *
 * check-output-start
 * check-output-end
 */
#include "bodyskip-macro.h"

/* demo_probe_open()'s body names an undeclared identifier: this is it
  it is an error here. */
int macro_skipped(struct path *dir)
{
	return demo_probe_open(dir);
}
