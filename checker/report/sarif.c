/*
 * report: SARIF 2.1.0 writer.  tests/sarif.t validates what it prints against
 * the OASIS schema with a real validator (ajv).
 *
 * Locations: names as the text output prints them; relative ones are
 * relative to the base id SRCROOT, which run.originalUriBaseIds maps
 * to the source root (-B's tree, else the working directory), so a
 * code scanning upload finds the files in the repository.
 */
#include "report/sarif.h"
#include "report/json.h"
#include "report/fingerprint.h"
#include "report/text.h"
#include "lib/util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SRCROOT "SRCROOT"

/* Every kind of check a result can carry, in the order listed. */
enum rule_kind {
	RULE_MISSING, RULE_LEAK, RULE_DOUBLE, RULE_MISMATCH, RULE_WRONG,
	RULE_NESTED, RULE_ORDER, RULE_FILLED, NR_KINDS
};

/* What each check finds, said of its discipline's resource. */
static const char *const short_desc[NR_KINDS] = {
	"A guarded call that some path reaches without %s held",
	"A return reached with %s still held",
	"A release of %s where it is not held",
	"A release of %s with another flavour than it was taken with",
	"A guarded call under %s of another object than the one it modifies",
	"%s taken again where it is already held",
	"%s taken while a resource it must come before is held",
	"A local read before anything filled it",
};

static const char *const full_desc[NR_KINDS] = {
	"A call of a guarded function (the rules name them: vfs_create, "
	"vfs_unlink, notify_change, vfs_setxattr, ...), or of a helper that "
	"needs its caller to hold %s, that some path reaches without %s held "
	"on the success edge of its acquire: the acquire is missing, "
	"unchecked, may have failed, or was already released.",
	"A return reached with %s held that this function took and does not "
	"hand over to its caller: a path that forgets the release.",
	"A release reached on a path where %s is not held: released twice, "
	"or released on the path where the acquire failed.",
	"A release of %s with a release that belongs to another acquire than "
	"the one that took it (mnt_drop_write() after mnt_want_write_file()): "
	"%s is then released on the wrong object or counted wrong.",
	"A guarded call covered by %s taken on provably another object than "
	"the one it works on: %s of the right object is not held.",
	"%s taken again, directly or inside a helper, on an object where "
	"some path already holds it: the second take can wait for a freeze, "
	"or another holder, that itself waits for %s already held to be "
	"released.",
	"%s taken while a resource the rules say must be taken after it is "
	"held: %s must come first, or the two can deadlock.",
	"A local of the rules' filled type (struct path) whose member or "
	"address is passed on, on some path, before anything filled it.",
};

/* each text in parentheses: clang takes a concatenation for a lost comma */
static const char *const help_text[NR_KINDS] = {
	("Take the bracket around the call and check its result (err = "
	 "mnt_want_write(mnt); if (err) return err; ... mnt_drop_write(mnt);), "
	 "or use a helper that takes it itself; the result's notes show the "
	 "path and its suggestion says what to write.  See wbcheck(1) and "
	 "docs/checks.md."),
	("Release the bracket on every return path that took it, usually at "
	 "a shared exit label.  See wbcheck(1) and docs/checks.md."),
	("Release only on the paths where the acquire succeeded and only "
	 "once.  See wbcheck(1) and docs/checks.md."),
	("Release with the call that pairs with the acquire.  See wbcheck(1) "
	 "and docs/checks.md."),
	("Take the bracket on the mount of the object the call modifies.  "
	 "See wbcheck(1) and docs/checks.md."),
	("Take it once: rely on the bracket already held, or release it "
	 "before taking it again; a helper that takes it must be told its "
	 "caller holds it.  See wbcheck(1) and docs/checks.md."),
	("Take the resources in the order the rules give.  See wbcheck(1) "
	 "and docs/checks.md."),
	("Fill the local (a lookup, an assignment) on every path before it "
	 "is used.  See wbcheck(1) and docs/checks.md."),
};

/* One entry of tool.driver.rules. */
struct sarif_rule {
	const char *id;
	enum rule_kind kind;
	const char *resource;
};

struct sarif_rules {
	struct sarif_rule *items;
	size_t n, cap;
};

static void add_rule(struct sarif_rules *l, const char *id,
		     enum rule_kind kind, const char *resource)
{
	size_t i;

	if (!id)
		return;
	for (i = 0; i < l->n; i++)
		if (!strcmp(l->items[i].id, id))
			return;
	*ARRAY_PUSH(l->items, l->n, l->cap) =
		(struct sarif_rule){ id, kind, resource };
}

static const char *resource_of(const struct rule_names *n)
{
	return n->resource ? n->resource : "a write bracket on the mount";
}

static void disc_rules(struct sarif_rules *l, const struct rule_names *n)
{
	const char *res = resource_of(n);

	add_rule(l, n->missing ? n->missing : "missing-write-bracket",
		 RULE_MISSING, res);
	add_rule(l, n->leak ? n->leak : "write-bracket-leak", RULE_LEAK, res);
	add_rule(l, n->double_release ? n->double_release :
		 "write-bracket-double-drop", RULE_DOUBLE, res);
	add_rule(l, n->mismatch, RULE_MISMATCH, res);
	add_rule(l, n->wrong_object, RULE_WRONG, res);
	add_rule(l, n->nested, RULE_NESTED, res);
}

/* Every check the rules can report, each discipline's in turn. */
static void list_rules(const struct rules *r, struct sarif_rules *l)
{
	struct rule_names none = { 0 };
	struct rules view;
	size_t d;

	if (!r) {
		disc_rules(l, &none);
		return;
	}
	disc_rules(l, &r->names);
	for (d = 1; d < r->ndiscs; d++) {
		rules_view(r, (int)d, &view);
		disc_rules(l, &view.names);
	}
	for (d = 0; d < r->norders; d++)
		add_rule(l, r->orders[d].check, RULE_ORDER,
			 resource_of(&r->names));
	add_rule(l, r->filled_check, RULE_FILLED, resource_of(&r->names));
}

static int rule_index(const struct sarif_rules *l, const char *check)
{
	size_t i;

	for (i = 0; check && i < l->n; i++)
		if (!strcmp(l->items[i].id, check))
			return (int)i;
	return -1;
}

/* A URI reference for a path: bytes other than unreserved ones and
 * '/' percent-encoded (RFC 3986), so any file name is a valid URI. */
static char *uri_path(const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	struct strbuf sb;
	const unsigned char *p;

	sb_init(&sb);
	for (p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p)) {
			sb_addc(&sb, (char)*p);
		} else {
			sb_addc(&sb, '%');
			sb_addc(&sb, hex[*p >> 4]);
			sb_addc(&sb, hex[*p & 15]);
		}
	}
	return sb_detach(&sb);
}

static void artifact_location(FILE *out, const char *file)
{
	const char *name = output_name(file);
	char *u = uri_path(name);

	if (name[0] == '/') {
		char *abs = xasprintf("file://%s", u);

		fputs("{\"uri\": ", out);
		json_string(out, abs);
		free(abs);
	} else {
		fputs("{\"uri\": ", out);
		json_string(out, u);
		fputs(", \"uriBaseId\": \"" SRCROOT "\"", out);
	}
	fputc('}', out);
	free(u);
}

/* A physicalLocation, or nothing when the place is unknown. */
static int physical(FILE *out, const struct loc *l)
{
	if (!l->file)
		return 0;
	fputs("\"physicalLocation\": {\"artifactLocation\": ", out);
	artifact_location(out, l->file);
	if (l->line) {
		fprintf(out, ", \"region\": {\"startLine\": %u", l->line);
		if (l->col)
			fprintf(out, ", \"startColumn\": %u", l->col);
		fputc('}', out);
	}
	fputc('}', out);
	return 1;
}

static void message(FILE *out, const char *text)
{
	fputs("{\"text\": ", out);
	json_string(out, text ? text : "");
	fputc('}', out);
}

static void rules_meta(FILE *out, const struct sarif_rules *l)
{
	size_t i;

	fputs("\"rules\": [", out);
	for (i = 0; i < l->n; i++) {
		const struct sarif_rule *ru = &l->items[i];
		char *s = xasprintf(short_desc[ru->kind], ru->resource);
		char *f = xasprintf(full_desc[ru->kind], ru->resource,
				    ru->resource);

		fputs(i ? ",\n            " : "\n            ", out);
		fputs("{\"id\": ", out);
		json_string(out, ru->id);
		fputs(", \"shortDescription\": ", out);
		message(out, s);
		fputs(", \"fullDescription\": ", out);
		message(out, f);
		fputs(", \"help\": ", out);
		message(out, help_text[ru->kind]);
		fputs(", \"defaultConfiguration\": {\"level\": \"warning\"}"
		      ", \"properties\": {\"tags\": [\"correctness\"]}}", out);
		free(s);
		free(f);
	}
	fputs("\n          ]", out);
}

/*
 * Each note as a related location too: a code-scanning page lists them
 * beside the result, so every guarded call a finding leaves uncovered is
 * named there (the code flow shows them as one path).
 */
static void related(FILE *out, const struct finding *f)
{
	size_t j;
	int first = 1;

	fputs(", \"relatedLocations\": [", out);
	for (j = 0; j < f->notes.n; j++) {
		const struct note *n = &f->notes.items[j];

		if (!n->loc.file)
			continue;
		fprintf(out, "%s{\"id\": %zu, ", first ? "" : ", ", j);
		first = 0;
		physical(out, &n->loc);
		fputs(", \"message\": ", out);
		message(out, n->msg);
		fputc('}', out);
	}
	fputc(']', out);
}

/* The notes in order, then the finding itself: the path to it. */
static void code_flow(FILE *out, const struct finding *f)
{
	size_t j;
	int first = 1;

	fputs(", \"codeFlows\": [{\"threadFlows\": [{\"locations\": [", out);
	for (j = 0; j <= f->notes.n; j++) {
		const struct loc *l = j < f->notes.n ? &f->notes.items[j].loc : &f->loc;
		const char *msg = j < f->notes.n ? f->notes.items[j].msg : f->message;

		if (!l->file)
			continue;
		fputs(first ? "" : ", ", out);
		first = 0;
		fputs("{\"location\": {", out);
		physical(out, l);
		fputs(", \"message\": ", out);
		message(out, msg);
		fputs("}}", out);
	}
	fputs("]}]}]", out);
}

static void region(FILE *out, unsigned line, unsigned col, unsigned eline,
		   unsigned ecol)
{
	fprintf(out, "{\"startLine\": %u, \"startColumn\": %u, "
		"\"endLine\": %u, \"endColumn\": %u}",
		line ? line : 1, col ? col : 1, eline ? eline : 1,
		ecol ? ecol : 1);
}

/* SARIF fixes: one artifactChange per run of edits in the same file. */
static void fixes(FILE *out, const struct sarif_fix *fx)
{
	size_t i;

	fputs(", \"fixes\": [{\"description\": ", out);
	message(out, fx->description ? fx->description : "apply the suggestion");
	fputs(", \"artifactChanges\": [", out);
	for (i = 0; i < fx->n; i++) {
		const struct sarif_replacement *e = &fx->edits[i];
		int same = i && fx->edits[i - 1].file && e->file &&
			   !strcmp(fx->edits[i - 1].file, e->file);

		if (!same) {
			fputs(i ? "]}, " : "", out);
			fputs("{\"artifactLocation\": ", out);
			artifact_location(out, e->file);
			fputs(", \"replacements\": [", out);
		} else {
			fputs(", ", out);
		}
		fputs("{\"deletedRegion\": ", out);
		region(out, e->line, e->col, e->end_line, e->end_col);
		fputs(", \"insertedContent\": ", out);
		message(out, e->text);
		fputc('}', out);
	}
	fputs("]}]}]", out);
}

static void result(FILE *out, const struct finding *f, const char *fp,
		   const struct sarif_fix *fx, const struct sarif_rules *l)
{
	int idx = rule_index(l, f->check);
	char *text;

	fputs("        {\"ruleId\": ", out);
	json_string(out, f->check);
	if (idx >= 0)
		fprintf(out, ", \"ruleIndex\": %d", idx);
	fputs(", \"level\": \"warning\", \"message\": ", out);
	text = f->suggestion ? xasprintf("%s\nsuggestion: %s", f->message,
					 f->suggestion) :
			       xstrdup(f->message ? f->message : "");
	message(out, text);
	free(text);
	if (f->loc.file) {
		fputs(", \"locations\": [{", out);
		physical(out, &f->loc);
		if (f->function) {
			fputs(", \"logicalLocations\": [{\"name\": ", out);
			json_string(out, f->function);
			fputs(", \"kind\": \"function\"}]", out);
		}
		fputs("}]", out);
	}
	if (fp) {
		fputs(", \"partialFingerprints\": {\"" FP_SARIF_KEY "\": ", out);
		json_string(out, fp);
		fputc('}', out);
	}
	if (f->notes.n) {
		related(out, f);
		code_flow(out, f);
	}
	if (fx && fx->n)
		fixes(out, fx);
	fputs(", \"properties\": {\"function\": ", out);
	json_string(out, f->function);
	fputs(", \"callee\": ", out);
	json_string(out, f->callee);
	fputs(", \"suggestion\": ", out);
	json_string(out, f->suggestion);
	fputs("}}", out);
}

static void base_ids(FILE *out, const char *root)
{
	char cwd[PATH_MAX];
	char *u, *abs;

	if (!root || root[0] != '/') {
		if (!getcwd(cwd, sizeof(cwd)))
			return;
		root = cwd;
	}
	u = uri_path(root);
	abs = xasprintf("file://%s%s", u,
			u[0] && u[strlen(u) - 1] == '/' ? "" : "/");
	fputs(",\n      \"originalUriBaseIds\": {\"" SRCROOT "\": {\"uri\": ", out);
	json_string(out, abs);
	fputs("}}", out);
	free(abs);
	free(u);
}

void output_sarif(FILE *out, const struct findings *fs,
		  const struct sarif_run *run)
{
	size_t i;
	struct sarif_rules rl = { 0 };

	list_rules(run->rules, &rl);

	fputs("{\n  \"$schema\": \"https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json\",\n"
	      "  \"version\": \"2.1.0\",\n"
	      "  \"runs\": [\n    {\n"
	      "      \"tool\": {\n        \"driver\": {\n"
	      "          \"name\": \"wbcheck\",\n          \"version\": ", out);
	json_string(out, run->version ? run->version : "unknown");
	fputs(",\n          ", out);
	rules_meta(out, &rl);
	fputs("\n        }\n      },\n", out);
	fprintf(out, "      \"invocations\": [{\"executionSuccessful\": %s}]",
		run->failed ? "false" : "true");
	base_ids(out, run->root);
	fputs(",\n      \"results\": [", out);
	for (i = 0; i < fs->n; i++) {
		fputs(i ? ",\n" : "\n", out);
		result(out, &fs->items[i], run->fps ? run->fps[i] : NULL,
		       run->fixes ? &run->fixes[i] : NULL, &rl);
	}
	free(rl.items);
	fputs(fs->n ? "\n      ]\n    }\n  ]\n}\n" : "]\n    }\n  ]\n}\n", out);
}
