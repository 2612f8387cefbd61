/*
 * libFuzzer target: the rules file parser.  Any bytes must give either
 * a rule set or one "NAME:LINE: reason" error, never a crash, and a
 * failed parse must leave the rules loaded before it untouched.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ruleset/ruleset.h"
#include "lib/util.h"

static const char base_text[] =
	"acquire mnt_want_write arg=1 success=zero release=mnt_drop_write\n"
	"release mnt_drop_write arg=1\n"
	"guard vfs_unlink nargs=2 object=1 replace=\"path_unlink(@1, $2)\"\n";

static const char *argtype(void *ctx, int n)
{
	(void)ctx;
	return n == 1 ? "struct inode *" : "struct mnt_idmap *";
}

/* Every look-up the engine makes, on every name the rules define. */
static void look_up(const struct rules *r)
{
	size_t i;
	int n;

	for (i = 0; i < r->nguards; i++)
		for (n = -1; n < 8; n++)
			rules_find_guard(r, r->guards[i].name, n, argtype, NULL);
	for (i = 0; i < r->nacquires; i++) {
		rules_find_acquire(r, r->acquires[i].name);
		rules_is_guarded_name(r, r->acquires[i].name);
	}
	for (i = 0; i < r->nreleases; i++)
		rules_find_release(r, r->releases[i].name);
	for (i = 0; i < r->nnoreturns; i++)
		rules_is_noreturn(r, r->noreturns[i]);
	for (i = 0; i < r->nholds; i++)
		rules_find_holds(r, r->holds[i].flag);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rules r;
	char *err = NULL;
	size_t nguards;

	/* on its own */
	rules_init(&r);
	if (rules_parse(&r, "fuzz.rules", (const char *)data, size, &err)) {
		if (!err || strncmp(err, "fuzz.rules:", 11))
			abort();	/* an error must say where */
	} else {
		look_up(&r);
	}
	free(err);
	rules_free(&r);

	/* after a good file: a bad one changes nothing */
	rules_init(&r);
	if (rules_parse(&r, "base.rules", base_text, sizeof(base_text) - 1,
			NULL))
		abort();
	nguards = r.nguards;
	err = NULL;
	if (rules_parse(&r, "fuzz.rules", (const char *)data, size, &err) &&
	    r.nguards != nguards)
		abort();
	look_up(&r);
	free(err);
	rules_free(&r);
	return 0;
}
