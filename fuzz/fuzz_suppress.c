/*
 * libFuzzer target for the --suppress reader (checker/suppress.c): any
 * bytes give suppressions or a "NAME:LINE: reason" error, never a
 * crash; what parses is matched against a few findings, and every
 * suppression has its reason.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/findings.h"
#include "report/suppress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const checks[] = {
	"missing-write-bracket", "write-bracket-leak",
	"write-bracket-double-drop", NULL,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct suppressions s = { 0 };
	struct finding f;
	char *err = NULL;
	size_t i;

	if (suppress_parse(&s, "fuzz", (const char *)data, size, checks, &err) == 0) {
		for (i = 0; i < s.n; i++)
			if (!s.items[i].reason || !s.items[i].reason[0])
				abort();
		memset(&f, 0, sizeof(f));
		f.check = checks[i % 3];
		f.loc.file = "fs/nfsd/vfs.c";
		f.function = "nfsd_unlink";
		f.callee = "vfs_unlink";
		suppress_match(&s, &f, f.loc.file);
		f.function = NULL;
		f.callee = NULL;
		suppress_match(&s, &f, "");
	} else if (!err || strncmp(err, "fuzz:", 5)) {
		abort();
	}
	free(err);
	suppress_free(&s);
	return 0;
}
