/*
 * report: --infer's rules file.  It must load with --rules= as it is
 * printed (tests/infer.t loads it): every line is a comment, the
 * discipline's name, or one guard or callback-holds directive, and a
 * comment holds no byte the rules parser refuses.
 */
#include "report/infer_rules.h"
#include "report/text.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* Deviants named under a proposal; the rest are counted. */
#define DEVIANTS_SHOWN 20

/* TEXT in a comment: only printable ASCII, so that no file name can
 * make the file one the parser refuses. */
static void put_plain(FILE *out, const char *text)
{
	const unsigned char *s = (const unsigned char *)(text ? text : "?");

	for (; *s; s++)
		fputc(*s >= 0x20 && *s < 0x7f ? *s : '?', out);
}

static void put_header(FILE *out, const struct infer_result *r,
		       const struct rules *view)
{
	fprintf(out, "# Rules proposed by wbcheck --infer: the functions, and the members of\n"
		     "# ops tables, that the program calls with %s\n"
		     "# held at most of their calls.  Review each one, then load this file\n"
		     "# after the rules it adds to:\n"
		     "#   wbcheck --rules=rules/wbcheck.rules --rules=THIS-FILE ...\n",
		     view->names.resource);
	fprintf(out, "# Ranked by z = (e/n - p0) / sqrt(p0 (1 - p0) / n), e of its n calls\n"
		     "# holding it, p0 = %.1f (held as often as not); %zu of all the %zu\n"
		     "# calls counted hold it.  The calls that do not hold it are\n"
		     "# listed: each may be a bug.\n",
		r->p0, r->held_sites, r->sites);
}

static void put_deviants(FILE *out, const struct infer_proposal *pr)
{
	size_t k;

	for (k = 0; k < pr->ndeviants && k < DEVIANTS_SHOWN; k++) {
		const struct infer_deviant *d = &pr->deviants[k];

		fputs("#   not held: ", out);
		put_plain(out, output_name(d->loc.file));
		fprintf(out, ":%u: in ", d->loc.line);
		put_plain(out, d->caller);
		fputs("()", out);
		if (d->kind == DEVIANT_CALLERS)
			fputs(", whose callers do not all hold it", out);
		else if (d->kind == DEVIANT_ESCAPES)
			fputs(", whose address is taken", out);
		fputc('\n', out);
	}
	if (pr->ndeviants > DEVIANTS_SHOWN)
		fprintf(out, "#   and %zu more calls that do not hold it\n",
			pr->ndeviants - DEVIANTS_SHOWN);
}

static void put_guard(FILE *out, const struct infer_proposal *pr,
		      const struct rules *view)
{
	const struct rule_acquire *a = rules_first_acquire(view);

	if (!pr->object)
		fputs("#   object=1 is a guess: no call showed which argument lies on what is held\n",
		      out);
	fprintf(out, "guard %s", pr->name);
	if (pr->nargs >= 0)
		fprintf(out, " nargs=%d", pr->nargs);
	fprintf(out, " object=%d", pr->object ? pr->object : 1);
	if (a && a->release)
		fprintf(out, " helper=\"%s()/%s()\"", a->name, a->release);
	fputc('\n', out);
}

static void put_proposal(FILE *out, size_t rank,
			 const struct infer_proposal *pr,
			 const struct rules *view)
{
	fprintf(out, "\n# %zu. %s%s: held at %zu of %zu calls (%zu by a bracket the program takes), z = %.2f\n",
		rank, pr->name, pr->is_member ? " (called through the table)" : "",
		pr->held, pr->total, pr->bracket, pr->z);
	put_deviants(out, pr);
	if (pr->is_member)
		fprintf(out, "callback-holds %s\n", pr->name);
	else
		put_guard(out, pr, view);
}

void output_infer_rules(FILE *out, const struct infer_result *r,
			const struct rules *rules, int disc)
{
	struct rules view;
	size_t k;

	rules_view(rules, disc, &view);
	put_header(out, r, &view);
	if (!r->any_acquire) {
		fprintf(out, "# Nothing takes %s anywhere in the program: nothing to propose.\n",
			view.names.resource);
		return;
	}
	if (!r->n)
		fputs("# Nothing to propose.\n", out);
	if (disc < (int)rules->ndiscs && rules->discs[disc].name)
		fprintf(out, "discipline %s\n", rules->discs[disc].name);
	for (k = 0; k < r->n; k++)
		put_proposal(out, k + 1, &r->items[k], &view);
}

void output_infer_summary(FILE *out, const struct infer_result *r,
			  const struct rules *rules, int disc)
{
	struct rules view;
	size_t k, members = 0;

	rules_view(rules, disc, &view);
	if (!r->any_acquire) {
		fprintf(out, "wbcheck: --infer: nothing takes %s anywhere in the program; no proposal\n",
			view.names.resource);
		return;
	}
	for (k = 0; k < r->n; k++)
		members += r->items[k].is_member;
	fprintf(out, "wbcheck: --infer: %zu functions and %zu ops members called at %zu calls, "
		     "%zu of them with %s held; %zu functions and %zu members considered; "
		     "%zu proposed (%zu guard, %zu callback-holds), "
		     "%zu more held only in the directory that defines them\n",
		r->callees, r->members, r->sites, r->held_sites,
		view.names.resource, r->considered, r->considered_members,
		r->n, r->n - members, members, r->own_helpers);
}

static const char *why_text(enum infer_why why)
{
	switch (why) {
	case LEFT_IN_RULES:
		return "the rules name it";
	case LEFT_TOUCHES:
		return "it takes or releases it itself";
	case LEFT_NEEDS:
		return "it makes a guarded call, relying on its caller";
	case LEFT_FEW_CALLS:
		return "held at fewer than two calls";
	case LEFT_MOSTLY_OUTSIDE:
		return "held at no more than half its calls";
	case LEFT_CONTRACT_ONLY:
		return "held only where a rule says its caller is entered with it";
	case LEFT_NO_ARGUMENT:
		return "it takes no argument to lie on what is held";
	case LEFT_OWN_DIRECTORY:
		return "held only at calls made in the directory that defines it";
	}
	return "?";
}

static int by_name(const void *a, const void *b)
{
	const struct infer_left *x = a, *y = b;

	return strcmp(x->name, y->name);
}

void output_infer_left(FILE *out, struct infer_result *r)
{
	size_t k;

	if (r->nleft > 1)
		qsort(r->left, r->nleft, sizeof(*r->left), by_name);
	for (k = 0; k < r->nleft; k++) {
		const struct infer_left *l = &r->left[k];

		fprintf(out, "wbcheck: --infer: not proposed: %s: held at %zu of %zu calls (%zu by a bracket)",
			l->name, l->held, l->total, l->bracket);
		if (l->unseen)
			fprintf(out, " (and %zu files not parsed name it)", l->unseen);
		fprintf(out, ": %s\n", why_text(l->why));
	}
}
