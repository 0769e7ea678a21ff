/* Reading card codes from Python ints without a call into the interpreter.
 * Only for the loader's fast path: anything it does not read, the caller reads
 * the slow, general way. */
#ifndef PR_PYCARDS_H
#define PR_PYCARDS_H

#include <Python.h>

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

#endif
