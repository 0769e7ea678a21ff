# The house ways given as data, included in _paigow.pyx: a compiled description
# (CompiledWay) and the lookup of the program a kernel runs.

cdef extern from "paigow.h" nogil:
    int PG_WAY_MAX_SECTIONS, PG_WAY_MAX_RULES, PG_WAY_MAX_CODE, PG_NFACTS
    int PG_OP_END, PG_OP_TRUE, PG_OP_FACT, PG_OP_CONST, PG_OP_PRESENT, PG_OP_NONZERO
    int PG_OP_NOT, PG_OP_AND, PG_OP_OR, PG_OP_EQ, PG_OP_NE, PG_OP_LT, PG_OP_LE, PG_OP_GT
    int PG_OP_GE, PG_OP_TWO_OF, PG_OP_EACH, PG_OP_STRAIGHT_OR_FLUSH, PG_OP_REF_RANK
    int PG_OP_REF_FACT, PG_OP_STRAIGHT_FLUSH, PG_OP_STRAIGHT, PG_OP_FLUSH, PG_OP_AT_LEAST
    int PG_WAY_SHADOWED
    const char *const pg_fact_names[]
    const char pg_fact_kinds[]
    ctypedef struct pg_way:
        int32_t nsections, nrules, ncode
        int16_t section_cond[16]
        int16_t section_rules[17]
        int16_t rule_cond[250]
        int16_t rule_action[250]
        int16_t code[8192]
        uint32_t *by_class[32]
    ctypedef struct pg_way_report:
        int32_t rule_problem[250]
        uint8_t rule_hand[250][7]
        uint8_t shadowed_by[250][250]
        int32_t section_uncovered[16]
        uint8_t section_hand[16][7]
        int64_t rule_classes[250]
        int64_t classes
    int pg_way_validate(pg_way *w)
    int pg_way_compile(const pr_tables *t, pg_way *w)
    void pg_way_release(pg_way *w)
    int pg_way_set(const pr_tables *t, const pg_way *w, const uint8_t *hand, uint8_t *out_high,
                   uint8_t *out_low)
    void pg_way_batch(const pr_tables *t, const pg_way *w, const uint8_t *hands, int64_t n,
                      uint8_t *out, uint8_t *rules)
    void pg_way_check(const pr_tables *t, const pg_way *w, pg_way_report *report)


#: The opcodes of a compiled house way, by name (see paigow.h).
WAY_OPS = {
    "end": PG_OP_END, "true": PG_OP_TRUE, "fact": PG_OP_FACT, "const": PG_OP_CONST,
    "present": PG_OP_PRESENT, "nonzero": PG_OP_NONZERO, "not": PG_OP_NOT, "and": PG_OP_AND,
    "or": PG_OP_OR, "=": PG_OP_EQ, "!=": PG_OP_NE, "<": PG_OP_LT, "<=": PG_OP_LE,
    ">": PG_OP_GT, ">=": PG_OP_GE, "two of": PG_OP_TWO_OF, "each": PG_OP_EACH,
    "straight or flush": PG_OP_STRAIGHT_OR_FLUSH, "rank": PG_OP_REF_RANK,
    "fact ref": PG_OP_REF_FACT, "straight flush": PG_OP_STRAIGHT_FLUSH,
    "straight": PG_OP_STRAIGHT, "flush": PG_OP_FLUSH, "at least": PG_OP_AT_LEAST,
}
#: The facts a house way's conditions read, in the C kernel's order: (name, kind),
#: kind "r" a rank (0 deuce .. 12 ace, -1 none), "c" a count, "f" a flag.
WAY_FACTS = tuple((pg_fact_names[i].decode(), chr(pg_fact_kinds[i])) for i in range(PG_NFACTS))
#: The limits of a compiled way: sections, rules, code words.
WAY_LIMITS = (PG_WAY_MAX_SECTIONS, PG_WAY_MAX_RULES, PG_WAY_MAX_CODE)
#: The load-time check's verdicts on a rule, indexed as the C kernel writes them.
WAY_PROBLEMS = ("fine", "undefined", "fouls", "never holds", "shadowed")


cdef class CompiledWay:
    """A house way compiled for the C interpreter: sections (their condition
    offsets and rule ranges), rules (condition and action offsets) and the code.
    Immutable; checked in C to be well formed before any kernel reads it."""

    cdef pg_way *w
    cdef readonly tuple parts

    def __cinit__(self, section_cond, section_rules, rule_cond, rule_action, code):
        cdef int i
        self.parts = (section_cond, section_rules, rule_cond, rule_action, code)
        if not (0 < len(section_cond) <= PG_WAY_MAX_SECTIONS
                and len(section_rules) == len(section_cond) + 1
                and 0 < len(rule_cond) <= PG_WAY_MAX_RULES and len(rule_action) == len(rule_cond)
                and 0 < len(code) <= PG_WAY_MAX_CODE):
            raise PokerRulesError("a house way's program is too large or empty")
        self.w = <pg_way *>calloc(1, sizeof(pg_way))
        if self.w == NULL:
            raise MemoryError("cannot hold a house way's program")
        self.w.nsections = len(section_cond)
        self.w.nrules = len(rule_cond)
        self.w.ncode = len(code)
        try:
            for i in range(self.w.nsections):
                self.w.section_cond[i] = section_cond[i]
            for i in range(self.w.nsections + 1):
                self.w.section_rules[i] = section_rules[i]
            for i in range(self.w.nrules):
                self.w.rule_cond[i] = rule_cond[i]
                self.w.rule_action[i] = rule_action[i]
            for i in range(self.w.ncode):
                self.w.code[i] = code[i]
        except OverflowError:
            raise PokerRulesError("a house way's program holds a number out of range") from None
        if pg_way_validate(self.w) < 0:
            raise PokerRulesError("not a well-formed house way program")

    def __dealloc__(self):
        if self.w != NULL:
            pg_way_release(self.w)
        free(self.w)

    @property
    def nrules(self):
        return self.w.nrules

    def check(self, int variant):
        """The check over every hand class (pg_way_check): a dict of per-rule
        problems (WAY_PROBLEMS), example hands and class counts, and per-section
        uncovered counts and example hands."""
        cdef const pr_tables *t = _tables(variant)
        cdef pg_way_report *rep = <pg_way_report *>calloc(1, sizeof(pg_way_report))
        if rep == NULL:
            raise MemoryError("cannot hold a house way's check")
        try:
            with nogil:
                pg_way_check(t, self.w, rep)
            n, s = self.w.nrules, self.w.nsections
            return {
                "problem": [WAY_PROBLEMS[rep.rule_problem[i]] for i in range(n)],
                "rule_hand": [tuple(rep.rule_hand[i][j] for j in range(7)) for i in range(n)],
                "shadowed_by": [[j for j in range(i) if rep.shadowed_by[i][j]]
                                if rep.rule_problem[i] == PG_WAY_SHADOWED else []
                                for i in range(n)],
                "rule_classes": [rep.rule_classes[i] for i in range(n)],
                "uncovered": [rep.section_uncovered[i] for i in range(s)],
                "section_hand": [tuple(rep.section_hand[i][j] for j in range(7))
                                 for i in range(s)],
                "classes": rep.classes,
            }
        finally:
            free(rep)


_BUILTIN = {}


cdef const pg_way *_way(way, const pr_tables *t, bint by_class=True) except NULL:
    """A way's program, with its settings by rank class for t's variant unless
    not by_class: a CompiledWay, or a built-in way's number (its description,
    compiled once per process). Built here, under the GIL, before any kernel
    shares the way."""
    cdef pg_way *w
    if isinstance(way, CompiledWay):
        w = (<CompiledWay>way).w
    elif type(way) is int and 0 <= way < len(WAYS):
        compiled = _BUILTIN.get(way)
        if compiled is None:
            from pokerrules.paigow.game.houseway import builtin_way
            compiled = _BUILTIN.setdefault(way, builtin_way(WAYS[way]).compiled)
        w = (<CompiledWay>compiled).w
    else:
        raise PokerRulesError(f"unknown house way {way!r}")
    if by_class and pg_way_compile(t, w) < 0:
        raise MemoryError("cannot hold a house way's settings by rank class")
    return w
