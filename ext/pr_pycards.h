/* Reading card codes from Python ints without a call into the interpreter.
 * Only for the loader's fast path: anything it does not read, the caller reads
 * the slow, general way. */
#ifndef PR_PYCARDS_H
#define PR_PYCARDS_H

#include <Python.h>
#include <stdint.h>

/* The value of an exact int when it is 0..52; -1 for an exact int outside that
 * range; -2 for anything else (another type, a subclass such as bool). */
static inline int pr_int_code(PyObject *x) {
    if (!PyLong_CheckExact(x)) return -2;
#if PY_VERSION_HEX >= 0x030C0000
    if (!PyUnstable_Long_IsCompact((PyLongObject *)x)) return -1;
    Py_ssize_t v = PyUnstable_Long_CompactValue((PyLongObject *)x);
#else
    Py_ssize_t size = Py_SIZE(x);
    if (size == 0) return 0;
    if (size != 1) return -1; /* negative, or more than one digit */
    Py_ssize_t v = (Py_ssize_t)((PyLongObject *)x)->ob_digit[0];
#endif
    return v >= 0 && v <= 52 ? (int)v : -1;
}

/* The code of a card spelt the usual way, rank then suit: ranks 23456789TJQKA
 * (uppercase) and suits cdhs (lowercase); -1 for any other pair of bytes. The
 * full parser reads every other spelling (lowercase ranks, "10", symbols, "Jk"). */
static inline int pr_pair_code(unsigned char rank, unsigned char suit) {
    static const signed char RANKS[128] = {
        ['2'] = 1, ['3'] = 2, ['4'] = 3, ['5'] = 4, ['6'] = 5, ['7'] = 6, ['8'] = 7,
        ['9'] = 8, ['T'] = 9, ['J'] = 10, ['Q'] = 11, ['K'] = 12, ['A'] = 13};
    static const signed char SUITS[128] = {['c'] = 1, ['d'] = 2, ['h'] = 3, ['s'] = 4};
    int r = rank < 128 ? RANKS[rank] : 0;
    int s = suit < 128 ? SUITS[suit] : 0;
    return r && s ? (r - 1) * 4 + (s - 1) : -1;
}

/* The codes of an exact str in one of the common forms: cards spelt as
 * pr_pair_code reads them, separated by single spaces ("As Kd 7c") or run
 * together ("AsKd7c"). Writes the first `cap` codes to `out` and returns how many
 * cards the text holds; -1 when it is in no such form (empty text, a str subclass,
 * any other spelling or separator): the caller then reads it with the full parser,
 * which gives every text the same codes or its error. */
static inline Py_ssize_t pr_text_codes(PyObject *text, uint8_t *out, Py_ssize_t cap) {
    if (!PyUnicode_CheckExact(text) || !PyUnicode_IS_COMPACT_ASCII(text)) return -1;
    Py_ssize_t len = PyUnicode_GET_LENGTH(text);
    const unsigned char *s = (const unsigned char *)PyUnicode_DATA(text);
    Py_ssize_t step, n, i;
    if (len >= 2 && len % 2 == 0 && s[2 % len] != ' ') {
        step = 2; /* run together (or one card) */
        n = len / 2;
    } else if (len % 3 == 2) {
        step = 3; /* separated by single spaces */
        n = (len + 1) / 3;
    } else {
        return -1;
    }
    for (i = 0; i < n; i++) {
        const unsigned char *p = s + i * step;
        int c = pr_pair_code(p[0], p[1]);
        if (c < 0 || (step == 3 && i + 1 < n && p[2] != ' ')) return -1;
        if (i < cap) out[i] = (uint8_t)c;
    }
    return n;
}

/* The code of an exact str that is one card spelt as pr_pair_code reads it; -1
 * for anything else. */
static inline int pr_card_text_code(PyObject *x) {
    if (!PyUnicode_CheckExact(x) || !PyUnicode_IS_COMPACT_ASCII(x) ||
        PyUnicode_GET_LENGTH(x) != 2)
        return -1;
    const unsigned char *s = (const unsigned char *)PyUnicode_DATA(x);
    return pr_pair_code(s[0], s[1]);
}

#endif
