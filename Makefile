# Makefile for wbcheck (GNU make).  Run ./configure first: it writes
# config.mk with where libclang, cmocka and sqlite3 live.
#
#   make                 build ./wbcheck
#   make check           build wbcheck and the unit tests, run prove tests/
#   make unit            build the cmocka unit tests only
#   make demo            run wbcheck over kernel-samples/, HTML in build/demo/
#   make install         install under $(DESTDIR)$(PREFIX)
#   make SANITIZE=1 ...  ASan/UBSan build, objects in build/san/
#   make WERROR=1 ...    turn compiler warnings into errors
#   make fuzz            libFuzzer targets fuzz/fuzz_*.c in build/fuzz/ (clang-19)

# Goals that make sense without config.mk.
NOCONFIG_GOALS := clean distclean help

ifeq ($(wildcard config.mk),)
ifneq ($(filter-out $(NOCONFIG_GOALS),$(or $(MAKECMDGOALS),all)),)
$(error config.mk not found: run ./configure first (./configure --help lists the options; ./configure --install-deps installs what is missing))
endif
else
include config.mk
endif

PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
RULESDIR = $(PREFIX)/share/wbcheck/rules
MAN1DIR = $(PREFIX)/share/man/man1

# Separate object trees, so switching SANITIZE never links a mix.
ifeq ($(SANITIZE),1)
BUILD := build/san
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
	     -fno-sanitize-recover=undefined
else
BUILD := build
SAN_FLAGS :=
endif

CFLAGS ?= -O2 -g
WARN_FLAGS := -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror)
ALL_CFLAGS = -std=gnu11 $(WARN_FLAGS) $(CFLAGS) $(SAN_FLAGS) -Ichecker \
	     $(CLANG_CFLAGS) $(SQLITE_CFLAGS) \
	     -DWBCHECK_RULES_DIR='"$(RULESDIR)"'
ALL_LDFLAGS = $(SAN_FLAGS) $(LDFLAGS)
LIBS = $(CLANG_LIBS) $(SQLITE_LIBS) -pthread -lm

SRCS := $(sort $(wildcard checker/*.c checker/*/*.c))
OBJS := $(SRCS:%.c=$(BUILD)/%.o)
# Unit tests link everything but main().
LIB_OBJS := $(filter-out $(BUILD)/checker/main.o,$(OBJS))

UNIT_SRCS := $(sort $(wildcard tests/unit/test_*.c))
UNIT_OBJS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/unit/obj/%.o)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/unit/%)

DEPS := $(OBJS:.o=.d) $(UNIT_OBJS:.o=.d)

# Short lines by default; make V=1 shows the commands, make -s nothing.
ifneq ($(V),1)
ifeq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
quiet = @printf '  %-7s %s\n' '$(1)' '$(2)';
else
quiet = @
endif
endif

.PHONY: all check unit demo install uninstall clean distclean help FORCE

all: wbcheck

# The compile flags end up in a stamp file rewritten only when they
# change, so "make PREFIX=..." or a new config.mk rebuilds the objects.
$(BUILD)/CFLAGS: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(subst ','\'',$(CC) $(ALL_CFLAGS))' >$@.tmp; \
	if cmp -s $@ $@.tmp; then rm -f $@.tmp; else mv $@.tmp $@; fi

# ./wbcheck is shared by both flavours: this stamp names the flavour
# last linked, so switching SANITIZE relinks it.
build/LINK: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(subst ','\'',$(BUILD) $(CC) $(ALL_LDFLAGS) $(LIBS))' >$@.tmp; \
	if cmp -s $@ $@.tmp; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(OBJS): $(BUILD)/checker/%.o: checker/%.c $(BUILD)/CFLAGS
	@mkdir -p $(@D)
	$(call quiet,CC,$<)$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

wbcheck: $(OBJS) build/LINK
	$(call quiet,LINK,$@)$(CC) $(ALL_LDFLAGS) -o $@ $(OBJS) $(LIBS)

$(UNIT_OBJS): $(BUILD)/unit/obj/%.o: tests/unit/%.c $(BUILD)/CFLAGS
	@mkdir -p $(@D)
	$(call quiet,CC,$<)$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -Ichecker \
		-MMD -MP -c -o $@ $<

$(UNIT_BINS): $(BUILD)/unit/%: $(BUILD)/unit/obj/%.o $(LIB_OBJS) config.mk
	$(call quiet,LINK,$@)$(CC) $(ALL_LDFLAGS) -o $@ $< $(LIB_OBJS) \
		$(CMOCKA_LIBS) $(LIBS)

unit: $(UNIT_BINS)

# The test scripts find the unit binaries through WBCHECK_BUILD_DIR.
check: wbcheck unit
	WBCHECK_BUILD_DIR=$(BUILD) prove tests/

# Findings do not fail the demo (wbcheck exits 0 on them); a crash or a
# usage error does.  Each era's HTML report goes to build/demo/ERA/.
DEMO_ERAS := 2008 modern
demo: wbcheck
	@set -e; reports=; for era in $(DEMO_ERAS); do \
		files=$$(ls kernel-samples/$$era/*.c 2>/dev/null || true); \
		echo "==== kernel-samples/$$era ===="; \
		if [ -z "$$files" ]; then echo "(no samples)"; continue; fi; \
		echo "./wbcheck -I kernel-samples/include/$$era --html=build/demo/$$era kernel-samples/$$era/*.c"; \
		./wbcheck -I kernel-samples/include/$$era --html=build/demo/$$era $$files; \
		reports="$$reports build/demo/$$era/index.html"; \
		echo; \
	done; \
	if [ -n "$$reports" ]; then \
		echo "==== HTML reports (open in a browser) ===="; \
		for r in $$reports; do echo "$$r"; done; \
	fi

install: wbcheck
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(RULESDIR)
	install -m 755 wbcheck $(DESTDIR)$(BINDIR)/wbcheck
	install -m 644 $(wildcard rules/*.rules) $(DESTDIR)$(RULESDIR)/
	@if [ -f man/wbcheck.1 ]; then \
		echo "install -d $(DESTDIR)$(MAN1DIR)"; \
		install -d $(DESTDIR)$(MAN1DIR); \
		echo "install -m 644 man/wbcheck.1 $(DESTDIR)$(MAN1DIR)/wbcheck.1"; \
		install -m 644 man/wbcheck.1 $(DESTDIR)$(MAN1DIR)/wbcheck.1; \
	fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/wbcheck $(DESTDIR)$(MAN1DIR)/wbcheck.1
	rm -f $(addprefix $(DESTDIR)$(RULESDIR)/,$(notdir $(wildcard rules/*.rules)))
	-rmdir $(DESTDIR)$(RULESDIR) $(DESTDIR)$(PREFIX)/share/wbcheck 2>/dev/null

clean:
	rm -rf build wbcheck

distclean: clean
	rm -f config.mk config.mk.tmp

help:
	@sed -n '4,11s/^# \{0,1\}//p' Makefile

-include $(DEPS)

# libFuzzer targets: every fuzz/fuzz_*.c, linked with all checker
# objects but main.o, built by clang with ASan and UBSan into their own
# object tree.  fuzz/run runs them over their corpora in fuzz/corpus/.
FUZZ_CC ?= $(or $(CLANG),clang-19)
FUZZ_SAN := -fsanitize=address,undefined -fno-omit-frame-pointer \
	    -fno-sanitize-recover=undefined
FUZZ_CFLAGS = -std=gnu11 $(WARN_FLAGS) -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer-no-link -Ichecker \
	      $(CLANG_CFLAGS) $(SQLITE_CFLAGS) \
	      -DWBCHECK_RULES_DIR='"$(RULESDIR)"' \
	      -DWBCHECK_SOURCE_DIR='"$(CURDIR)"'
FUZZ_SRCS := $(sort $(wildcard fuzz/fuzz_*.c))
FUZZ_BINS := $(FUZZ_SRCS:fuzz/%.c=build/fuzz/%)
FUZZ_LIB_OBJS := $(filter-out build/fuzz/checker/main.o,$(SRCS:%.c=build/fuzz/%.o))
FUZZ_OBJS := $(FUZZ_SRCS:fuzz/%.c=build/fuzz/obj/%.o)

.PHONY: fuzz
fuzz: $(FUZZ_BINS)

$(FUZZ_LIB_OBJS): build/fuzz/checker/%.o: checker/%.c config.mk
	@mkdir -p $(@D)
	$(call quiet,FUZZCC,$<)$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<

$(FUZZ_OBJS): build/fuzz/obj/%.o: fuzz/%.c config.mk
	@mkdir -p $(@D)
	$(call quiet,FUZZCC,$<)$(FUZZ_CC) $(FUZZ_CFLAGS) -Ichecker -MMD -MP -c -o $@ $<

$(FUZZ_BINS): build/fuzz/%: build/fuzz/obj/%.o $(FUZZ_LIB_OBJS)
	$(call quiet,LINK,$@)$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $< \
		$(FUZZ_LIB_OBJS) $(LIBS)

-include $(FUZZ_LIB_OBJS:.o=.d) $(FUZZ_OBJS:.o=.d)

# The same targets without libFuzzer, built like the unit tests (so with
# the sanitizers under SANITIZE=1): tests/fuzz.t replays the seed corpora
# and the inputs that once crashed (fuzz/regress/TARGET/) through them.
REPLAY_BINS := $(FUZZ_SRCS:fuzz/%.c=$(BUILD)/replay/%)
REPLAY_OBJS := $(FUZZ_SRCS:fuzz/%.c=$(BUILD)/replay/obj/%.o) \
	       $(BUILD)/replay/obj/replay.o

.PHONY: replay
replay: $(REPLAY_BINS)
check: replay

$(REPLAY_OBJS): $(BUILD)/replay/obj/%.o: fuzz/%.c $(BUILD)/CFLAGS
	@mkdir -p $(@D)
	$(call quiet,CC,$<)$(CC) $(ALL_CFLAGS) -Ichecker \
		-DWBCHECK_SOURCE_DIR='"$(CURDIR)"' -MMD -MP -c -o $@ $<

$(REPLAY_BINS): $(BUILD)/replay/%: $(BUILD)/replay/obj/%.o \
		$(BUILD)/replay/obj/replay.o $(LIB_OBJS) config.mk
	$(call quiet,LINK,$@)$(CC) $(ALL_LDFLAGS) -o $@ $< \
		$(BUILD)/replay/obj/replay.o $(LIB_OBJS) $(LIBS)

-include $(REPLAY_OBJS:.o=.d)
