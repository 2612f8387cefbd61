/*
 * frontend: kbuild computes bounds.h and asm-offsets.h by compiling a
 * file to assembly and reading back the constants its DEFINE()s print.
 * With no compiler run we let libclang evaluate them instead: each
 * DEFINE() is an enumerator, and an enumerator's value is what the
 * compiler would have printed for the same flags.
 */
#include "frontend/kbuild_defines.h"
#include "lib/util.h"

#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>

#define PREFIX "__wbcheck_define_"

struct defines {
	struct strbuf text;
	size_t nmissed;
};

static void add_define(struct defines *d, CXCursor c, const char *sym)
{
	CXType t = clang_getEnumDeclIntegerType(clang_getCursorSemanticParent(c));
	int is_unsigned;

	if (clang_isInvalidDeclaration(c)) {
		d->nmissed++;
		return;
	}
	is_unsigned = t.kind == CXType_UInt || t.kind == CXType_ULong ||
		      t.kind == CXType_ULongLong;
	if (is_unsigned)
		sb_addf(&d->text, "#define %s %llu\n", sym,
			clang_getEnumConstantDeclUnsignedValue(c));
	else
		sb_addf(&d->text, "#define %s %lld\n", sym,
			clang_getEnumConstantDeclValue(c));
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, void *data)
{
	CXString s;
	const char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_EnumConstantDecl)
		return CXChildVisit_Recurse;
	s = clang_getCursorSpelling(c);
	name = clang_getCString(s);
	if (name && !strncmp(name, PREFIX, strlen(PREFIX)))
		add_define(data, c, name + strlen(PREFIX));
	clang_disposeString(s);
	return CXChildVisit_Continue;
}

/* Only the file itself: the headers hold no DEFINE() of its. */
static enum CXChildVisitResult visit_top(CXCursor c, CXCursor parent,
					 void *data)
{
	(void)parent;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl)
		clang_visitChildren(c, visit, data);
	return CXChildVisit_Continue;
}

char *kbuild_defines_header(const char *source, char *const *flags,
			    size_t nflags, const char *guard, size_t *nmissed,
			    char **err)
{
	const char **argv = xcalloc(nflags + 1, sizeof(*argv));
	CXIndex index = clang_createIndex(0, 0);
	CXTranslationUnit tu = NULL;
	struct defines d = { .nmissed = 0 };
	enum CXErrorCode rc;
	size_t i;

	for (i = 0; i < nflags; i++)
		argv[i] = flags[i];
	argv[nflags] = "-w";
	rc = clang_parseTranslationUnit2(index, source, argv, (int)nflags + 1,
					 NULL, 0, CXTranslationUnit_KeepGoing,
					 &tu);
	free(argv);
	if (rc != CXError_Success || !tu) {
		*err = xasprintf("%s: libclang could not parse it (error %d)",
				 source, (int)rc);
		clang_disposeIndex(index);
		return NULL;
	}
	sb_init(&d.text);
	sb_addf(&d.text, "#ifndef %s\n#define %s\n/* computed by wbcheck from %s, as kbuild would */\n",
		guard, guard, source);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_top, &d);
	sb_add(&d.text, "#endif\n");
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(index);
	*nmissed = d.nmissed;
	return sb_detach(&d.text);
}
