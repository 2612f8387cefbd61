/* report: the CI gate: suppressions, baseline (gate.h). */
#include "report/gate.h"
#include "report/fingerprint.h"
#include "report/text.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gate_load(struct gate *g, const struct options *o,
	      const struct rules *rules, char **err)
{
	const char *checks[] = {
		rules->names.missing, rules->names.leak,
		rules->names.double_release, NULL,
	};
	int rc;

	memset(g, 0, sizeof(*g));
	g->suppress_path = o->suppress;
	g->baseline_path = o->baseline;
	if (o->suppress &&
	    suppress_load(&g->sup, o->suppress, checks[0] ? checks : NULL, err))
		return -1;
	if (o->baseline) {
		rc = baseline_load(&g->base, o->baseline, err);
		if (rc < 0)
			return -1;
		g->base_exists = rc == 0;
	}
	return 0;
}

static const char *plural(size_t n)
{
	return n == 1 ? "" : "s";
}

int gate_apply(struct gate *g, struct findings *fs, char ***fps, int failed,
	       char **err)
{
	struct findings dropped = { 0 };
	char **all = fingerprints_compute(fs, output_name);
	char **kept_fps = xcalloc(fs->n + 1, sizeof(*kept_fps));
	size_t i, out = 0, nsup = 0, nbase = 0, nwritten = 0;
	int rc = 0;

	/* Fingerprints come from the whole list, so a finding's does not
	 * depend on what the suppressions file says of its neighbours. */
	for (i = 0; i < fs->n; i++) {
		struct finding *f = &fs->items[i];

		if (g->sup.n && suppress_match(&g->sup, f, output_name(f->loc.file))) {
			nsup++;
		} else if (g->base_exists && baseline_take(&g->base, all[i])) {
			nbase++;
		} else {
			kept_fps[out] = all[i];
			all[i] = NULL;
			fs->items[out++] = *f;
			continue;
		}
		findings_add(&dropped, f);
	}
	fs->n = out;
	fingerprints_free(all, i);
	findings_free(&dropped);

	if (g->baseline_path && !g->base_exists) {
		if (failed) {
			fprintf(stderr, "wbcheck: not writing the baseline %s: some input could not be parsed\n",
				g->baseline_path);
		} else if (baseline_write(g->baseline_path, fs, kept_fps,
					  output_name, err)) {
			rc = -1;
		} else {
			/* all of them are in the baseline now */
			nwritten = fs->n;
			fprintf(stderr, "wbcheck: wrote %zu finding%s to the new baseline %s\n",
				nwritten, plural(nwritten), g->baseline_path);
			findings_free(fs);
			fingerprints_free(kept_fps, nwritten);
			kept_fps = xcalloc(1, sizeof(*kept_fps));
		}
	}
	if (nsup || nbase) {
		fprintf(stderr, "wbcheck: %zu finding%s not shown:", nsup + nbase,
			plural(nsup + nbase));
		if (nsup)
			fprintf(stderr, " %zu suppressed by %s%s", nsup,
				g->suppress_path, nbase ? "," : "");
		if (nbase)
			fprintf(stderr, " %zu in the baseline %s", nbase,
				g->baseline_path);
		fputc('\n', stderr);
	}
	*fps = kept_fps;
	return rc;
}

void gate_free(struct gate *g)
{
	suppress_free(&g->sup);
	baseline_free(&g->base);
}
