/*
 * libFuzzer target: the IR text codec, which reads what the summary
 * database holds.  A database can be corrupt or written by another
 * version: the reader must refuse bad input, and what it accepts must
 * be safe to analyse.  The input is one or more encoded functions
 * separated by "\n;;\n" (so that calls between them meet summaries);
 * each one the reader accepts must encode back to a text that decodes
 * to the same encoding, and the functions it accepts are analysed as
 * one program, as --report does.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/findings.h"
#include "model/ir_serialize.h"
#include "ruleset/ruleset.h"
#include "model/program.h"
#include "analysis/interproc.h"
#include "checks/all_checks.h"
#include "lib/util.h"

#ifndef WBCHECK_SOURCE_DIR
#define WBCHECK_SOURCE_DIR "."
#endif

static struct rules rules;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char *err = NULL;

	(void)argc;
	(void)argv;
	rules_init(&rules);
	if (rules_load(&rules, WBCHECK_SOURCE_DIR "/rules/wbcheck.rules",
		       &err)) {
		fprintf(stderr, "fuzz_ir_serialize: %s\n", err);
		abort();
	}
	return 0;
}

static struct ir_func *decode_checked(const char *p, size_t n)
{
	struct ir_func *fn = ir_decode(p, n), *again;
	char *a, *b;

	if (!fn)
		return NULL;
	a = ir_encode(fn);
	again = ir_decode(a, strlen(a));
	if (!again)
		abort();	/* the reader refuses what the writer wrote */
	b = ir_encode(again);
	if (strcmp(a, b))
		abort();	/* the round trip loses something */
	free(a);
	free(b);
	ir_func_free(again);
	return fn;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char sep[] = "\n;;\n";
	const char *p = (const char *)data, *end = p + size;
	struct program prog;
	struct findings fs = { 0 };
	int n = 0;

	program_init(&prog);
	while (p <= end && n < 16) {
		const char *q = memmem(p, end - p, sep, sizeof(sep) - 1);
		size_t len = q ? (size_t)(q - p) : (size_t)(end - p);
		struct ir_func *fn = decode_checked(p, len);

		if (fn) {
			if (n & 1)
				program_escape(&prog, fn->usr);
			program_add(&prog, fn);
		}
		n++;
		if (!q)
			break;
		p = q + sizeof(sep) - 1;
	}
	prog.defer_roots = size & 1;
	program_analyse(&prog, &rules, all_checks, nall_checks, &fs);
	findings_free(&fs);
	program_free(&prog);
	return 0;
}
