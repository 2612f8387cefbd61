/*
 * check-name: --parse-all-bodies parses every header body
 * check-command: wbcheck --parse-all-bodies -I testcases/include $file
 * check-exit-value: 2
 *
 * check-output-start
 * check-output-end
 */
#include "bodyskip.h"

/* demo_dir_depth()'s body names an undeclared identifier: parsed, it is
 * an error, which skipped-body.c, parsing it skipped, does not see. */
int all_bodies(struct path *dir)
{
	return demo_dir_depth(dir);
}
