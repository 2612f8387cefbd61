/*
 * libFuzzer target for the declarations and macro invocations a TU is
 * parsed without: any bytes, read as a header that a file includes, give
 * a text for the parser as long as the header, with every newline where
 * it was and every other byte either the header's own or a blank (or
 * the ";" that stands for a skipped body): statements are blanked,
 * nothing moves.
 *
 *   make fuzz && build/fuzz/fuzz_prune_decls -max_total_time=30 fuzz/corpus/fuzz_prune_decls
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ruleset/ruleset.h"
#include "prefilter/tu_select.h"
#include "lib/util.h"

static const char rules_text[] =
	"discipline write\n"
	"checks missing=missing-write-bracket leak=write-bracket-leak double-release=write-bracket-double-drop\n"
	"resource \"a write bracket on the mount\"\n"
	"acquire mnt_want_write arg=1 success=zero release=mnt_drop_write\n"
	"release mnt_drop_write arg=1\n";

static struct rules rules;
static char dir[4096], header[4200], source[4200];

/* the replay of tests/fuzz.t leaves no files behind */
static void cleanup(void)
{
	unlink(header);
	unlink(source);
	rmdir(dir);
	rules_free(&rules);
}

static int setup(void)
{
	char *err = NULL;
	FILE *f;

	rules_init(&rules);
	if (rules_parse(&rules, "fuzz.rules", rules_text,
			sizeof(rules_text) - 1, &err) ||
	    snprintf(dir, sizeof(dir), "%s/wbfuzzXXXXXX", tmp_dir()) < 0 ||
	    !mkdtemp(dir))
		abort();
	snprintf(header, sizeof(header), "%s/h.h", dir);
	snprintf(source, sizeof(source), "%s/m.c", dir);
	f = fopen(source, "w");
	if (!f)
		abort();
	fputs("#include \"h.h\"\nint f(void) { return used(1) + mnt_want_write(0); }\n", f);
	fclose(f);
	atexit(cleanup);
	return 1;
}

static void check(const char *in, size_t size, const char *out, size_t len)
{
	size_t i;

	if (len != size)
		abort();
	for (i = 0; i < size; i++) {
		if ((in[i] == '\n') != (out[i] == '\n'))
			abort();
		if (out[i] != in[i] && out[i] != ' ' && out[i] != ';')
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct tufilter *tf;
	struct tufilter_text *texts;
	char *flags[] = { "-DX=used" };
	size_t i, n;
	FILE *f;

	if (!ready)
		ready = setup();
	f = fopen(header, "wb");
	if (!f)
		abort();
	if (size && fwrite(data, 1, size, f) != size)
		abort();
	fclose(f);
	tf = tufilter_new(&rules);
	tufilter_add(tf, source, flags, 1);
	tufilter_solve(tf);
	tufilter_prepare_skips(tf, source);
	n = tufilter_skipped(tf, source, NULL, &texts);
	for (i = 0; i < n; i++)
		if (!strcmp(texts[i].path, header))
			check((const char *)data, size, texts[i].text,
			      texts[i].len);
	tufilter_texts_free(texts, n);
	tufilter_free(tf);
	return 0;
}
