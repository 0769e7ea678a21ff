# Batches: ranking many hands at once, value and category counts.
# Part of pokerrules._core (included by ext/_core.pyx).

def evaluate_many(codes, rules=STANDARD, *, check=True, threads=1, out=None):
    """Rank many hands at once, with the GIL released.

    Args:
        codes: integer array-like of shape (n, k), k = 5..7, card codes 0..52;
            n at most :data:`BATCH_LIMIT`. A C-contiguous uint8 array is read in
            place, without a copy.
        rules: a :class:`HandRules` or a preset's name.
        check: True or False: validate every row (deck, duplicates).
            ``check=False`` skips it for trusted input; codes out of 0..52 are
            still refused.
        threads: native threads to split the rows over, an int from 1 to 1,024
            (enough for any machine's cores; POSIX threads, Win32 threads on Windows).
            At most 64 run, and no more than there are rows. The results do not
            depend on it.
        out: where to write the values, instead of a new array: a writable,
            C-contiguous numpy array of int32 and shape (n,), sharing no memory
            with ``codes``. Reusing one saves the allocation (and the first
            touch of its pages) on every call. If a row is refused, the rows
            before it hold their values and the rest of ``out`` is unspecified.

    Returns:
        numpy.ndarray of int32, shape (n,): the five-card values (as
        ``HandRank.value``); ``out`` itself when given.

    Raises:
        ArgumentTypeError: a non-integer array (an empty one may have any
            numeric dtype), ``threads`` no int, ``check`` no bool, bad rules as
            for :func:`evaluate`, or an ``out`` that is no int32 numpy array.
        HandSizeError: a shape other than (n, 5..7).
        InvalidCardError, DuplicateCardError, CardNotInDeckError: a bad row, named
            by its index.
        PokerRulesError: ``threads`` outside 1..1,024; more than BATCH_LIMIT
            rows, or a broadcast view (a stride of 0), refused before any work;
            an ``out`` of another shape, read-only, not C-contiguous or sharing
            memory with ``codes`` (or with an array among the rows of a list
            or tuple ``codes``).

    Another thread may write to ``codes`` meanwhile: the kernel reads only inside
    its tables whatever the bytes, so the result is then meaningless for the rows
    written, never a crash. Resizing ``codes`` or ``out`` (``ndarray.resize``,
    even with ``refcheck=False``) is refused by numpy until the call returns.
    """
    _numpy()
    # pinned first: from here to the return, neither array's memory can move
    pins = _pins(codes, out)
    cdef HandRules rules_ = _hand_rules(rules)
    cdef const pr_tables *t = rules_.tables()
    cdef int n_threads
    if type(threads) is int and threads == 1:  # the default, first
        n_threads = 1
    else:
        n_threads = _checked_count(threads, "threads", 1, MAX_THREADS)
    cdef int do_check = 1 if check is True else _is_flag(check, "evaluate_many: check")
    cdef Py_buffer rows, res
    arr = codes  # a C-contiguous uint8 array is read in place
    if not (type(codes) is np.ndarray and _byte_rows(codes, &rows, 5, 7)):
        arr = _card_rows(codes, 5, 7, "evaluate_many")  # the kernel refuses codes above 52
        if not _byte_rows(arr, &rows, 5, 7):
            raise PokerRulesError(f"evaluate_many could not read the rows of {type(arr)}")
    cdef int64_t n = rows.shape[0]
    cdef int k = rows.shape[1]
    cdef int why = 0
    cdef int64_t bad_row = -1
    try:
        if n > BATCH_LIMIT:
            raise PokerRulesError(f"evaluate_many takes at most {BATCH_LIMIT:,} rows a call, "
                                  f"got {n:,}; split the batch")
        out = _np_empty(n, _INT32) if out is None else _out_values(out, n, codes, arr)
        if n == 0:
            return out
        PyObject_GetBuffer(out, &res, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
        with nogil:
            bad_row = pr_eval_batch_threads(t, <const uint8_t *>rows.buf, n, k,
                                            <int32_t *>res.buf, do_check, &why, n_threads)
        PyBuffer_Release(&res)
    finally:
        PyBuffer_Release(&rows)
    del pins
    if bad_row >= 0:
        error, message = _row_problem(rules_, [int(c) for c in arr[bad_row]])
        raise error(f"row {bad_row}: {message}")
    return out


def _pins(*arrays):
    """Weak references to the numpy arrays among ``arrays`` and to the arrays whose
    memory they view (a list; anything else is passed over). numpy refuses to resize
    an array that has a weak reference, even with ``refcheck=False`` (holding its
    buffer does not stop it), so while these live a kernel can read and write the
    memory without the GIL."""
    _numpy()
    pins = []
    for arr in arrays:
        while isinstance(arr, np.ndarray):
            pins.append(_weakref(arr))
            arr = arr.base
    return pins


cdef object _out_values(object out, int64_t n, object codes, object rows):
    """``out`` if it can take the n values of evaluate_many, else the error. ``rows``
    are the codes as the kernel reads them (``codes`` themselves, or a copy)."""
    if not isinstance(out, np.ndarray):  # a subclass (a memmap, say) is written in place
        raise ArgumentTypeError(f"evaluate_many: out must be a numpy array of int32, not "
                                f"{type(out).__name__}")
    if out.dtype != _INT32:
        raise ArgumentTypeError(f"evaluate_many: out must be a numpy array of int32, not "
                                f"dtype {out.dtype}")
    if out.shape != (n,):
        raise PokerRulesError(f"evaluate_many: out must have shape ({n},), got {out.shape}")
    if not (out.flags.c_contiguous and out.flags.writeable):
        raise PokerRulesError("evaluate_many: out must be writable and C-contiguous")
    # the caller's codes too: writing over them would lose them, even when a copy is read
    if np.may_share_memory(out, rows) or (
            rows is not codes and _shares_memory(out, codes)):
        raise PokerRulesError("evaluate_many: out shares memory with the codes")
    return out


cdef bint _shares_memory(object out, object codes) except -1:
    """True if ``out`` shares memory with ``codes``: an array, or a list or tuple
    of rows (of shape (n, k), so two levels deep) any of which may be arrays or
    hold them."""
    if not isinstance(codes, (list, tuple)):
        return np.may_share_memory(out, codes)
    for row in tuple(codes):
        items = tuple(row) if isinstance(row, (list, tuple)) else (row,)
        for item in items:
            if isinstance(item, np.ndarray) and np.may_share_memory(out, item):
                return True
    return False


def _checked_count(value, name, low, high):
    """The shared count check (:func:`pokerrules._checks.check_count`, which
    imports this module, hence imported here on first use)."""
    from pokerrules._checks import check_count
    return check_count(value, name, low, high)


cdef bint _byte_rows(object arr, Py_buffer *view, int k_min, int k_max) except -1:
    """Holds the buffer of ``arr`` in ``view`` and returns True if it is C-contiguous
    bytes ("B") of shape (n, k_min..k_max); otherwise holds nothing, returns False.
    Holding it keeps the memory alive (and the array unresizable) until released."""
    if _try_buffer(arr, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0:
        PyErr_Clear()  # not contiguous: the caller copies it
        return False
    if (view.ndim == 2 and view.itemsize == 1 and view.format[0] == b"B"
            and view.format[1] == 0 and k_min <= view.shape[1] <= k_max):
        return True
    PyBuffer_Release(view)
    return False


def _card_rows(codes, int k_min, int k_max, str what, bint private=False):
    """Card codes as a C-contiguous uint8 array of shape (n, k), k_min <= k <= k_max,
    every code in 0..52 (the deck and duplicates are the caller's to check).

    With ``private``, the array returned shares no memory with ``codes`` and the
    range check reads it, not ``codes``: a kernel that trusts checked codes then
    reads only what was checked, whatever another thread writes to ``codes``. It
    costs one copy (a memcpy of n * k bytes for uint8 input).

    Raises:
        ArgumentTypeError: a non-integer array. HandSizeError: another shape, or ragged
        rows. InvalidCardError: a code out of range, naming its row.
        PokerRulesError: more than BATCH_LIMIT rows, or a broadcast view.
    """
    _numpy()
    # numpy builds new memory from a list or tuple; anything else may be shared
    fresh = type(codes) is list or type(codes) is tuple
    arr = _int_array(codes, "card codes", what)
    if arr.ndim != 2 or not k_min <= arr.shape[1] <= k_max:
        want = str(k_min) if k_min == k_max else f"{k_min}..{k_max}"
        raise HandSizeError(f"{what} takes an (n, {want}) array, got shape {arr.shape}")
    _bounded(arr, arr.shape[0], what, "rows")
    if arr.dtype != np.uint8:
        if arr.size:
            bad = (arr < 0) | (arr > 52)
            if bad.any():
                row = int(np.argmax(bad.any(axis=1)))
                val = arr[row][bad[row]][0]
                raise InvalidCardError(f"row {row}: card code {val} is out of range 0..52")
        # the cast makes a new array; a code written meanwhile is caught below
        arr = arr.astype(np.uint8, order="C")
    elif private and not fresh:
        arr = np.array(arr, dtype=np.uint8, order="C")  # the private copy
    if arr.size and int(arr.max()) > 52:  # one pass suffices for unsigned bytes
        row = int(np.argmax((arr > 52).any(axis=1)))
        raise InvalidCardError(f"row {row}: card code {int(arr[row].max())} is out of range 0..52")
    return np.ascontiguousarray(arr)


cdef object _int_array(object data, str name, str what):
    """``data`` as an integer numpy array (the caller's own memory when it is one);
    a sequence longer than BATCH_LIMIT is refused before numpy reads it."""
    _numpy()
    if not isinstance(data, np.ndarray):
        try:
            n = len(data)
            got = f"{n:,}"
        except OverflowError:
            n, got = BATCH_LIMIT + 1, "more than sys.maxsize"
        except (TypeError, ValueError):
            n = 0  # no length: numpy decides what it is
        if n > BATCH_LIMIT:
            raise PokerRulesError(f"{what} takes at most {BATCH_LIMIT:,} rows or values a "
                                  f"call, got {got}; split the batch")
    try:
        arr = np.asarray(data)
    except ValueError as exc:  # ragged rows
        raise HandSizeError(f"{name} must form a rectangular array: {exc}") from None
    except MemoryError:
        raise PokerRulesError(f"{what}: {name} too large to hold in memory") from None
    if arr.dtype.kind not in "iu":
        if arr.size == 0 and arr.dtype.kind in "bf":  # numpy makes [] float64
            return arr.astype(np.uint8)
        raise ArgumentTypeError(f"{name} must be an integer array, not dtype {arr.dtype}")
    return arr


cdef int _bounded(object arr, object count, str what, str unit) except -1:
    """Refuses, before any work, more than BATCH_LIMIT rows or values, and a
    broadcast view: a stride of 0 makes a huge array of a few bytes, whose every
    element numpy would read, uninterruptibly."""
    if count > BATCH_LIMIT:
        raise PokerRulesError(f"{what} takes at most {BATCH_LIMIT:,} {unit} a call, got "
                              f"{count:,}; split the batch")
    for size, stride in zip(arr.shape, arr.strides):
        if size > 1 and stride == 0 and arr.size:  # numpy gives empty arrays 0 strides
            raise PokerRulesError(f"{what} takes no broadcast view (an axis of stride 0, "
                                  f"shape {arr.shape}); pass a copy")
    return 0


cdef tuple _row_problem(HandRules rules, list codes):
    seen = set()
    for c in codes:
        if c > 52:  # another thread wrote into the array while it was ranked
            return (InvalidCardError, f"card code {c} is out of range 0..52")
        if not (rules.tables().deck_mask >> c) & 1:
            return (CardNotInDeckError, f"{_card_text(c)} is not in the {rules.deck} deck")
        if c in seen:
            return (DuplicateCardError, f"duplicate card {_card_text(c)}")
        seen.add(c)
    return (PokerRulesError, "bad row")


def categories(values, rules=STANDARD):
    """The category of each five-card value, vectorised.

    Args:
        values: integer array-like of any shape, values from :func:`evaluate_many`;
            at most :data:`BATCH_LIMIT` of them.
        rules: a :class:`HandRules` or a preset's name.

    Returns:
        numpy.ndarray of uint8 (HandCategory numbers), the shape of ``values``.

    Raises:
        ArgumentTypeError: a non-integer array, or bad rules as for :func:`evaluate`.
        PokerRulesError: a value that is no hand of these rules; more than
        BATCH_LIMIT values or a broadcast view, refused before any work.
    """
    cdef HandRules rules_ = _hand_rules(rules)
    cdef const pr_tables *t = rules_.tables()
    arr = _int_array(values, "values", "categories")  # imports numpy
    _bounded(arr, arr.size, "categories", "values")
    if arr.size and (int(arr.min()) < 1 or int(arr.max()) > t.nclasses):
        raise PokerRulesError(f"values must lie in 1..{t.nclasses} for {rules_.name} rules")
    table = np.frombuffer((<char *>t.class_cat)[:t.nclasses + 1], dtype=np.uint8)
    # clamped reads: another thread may write to values after the check
    return table.take(arr.astype(np.intp, copy=False), mode="clip")


cdef int _hand_size(object k, str what) except -1:
    """The k of an enumeration: an int from 5 to 7."""
    if isinstance(k, bool):
        raise ArgumentTypeError(f"{what}: k must be an int, not {k!r}")
    try:
        k = operator.index(k)
    except TypeError:
        raise ArgumentTypeError(f"{what}: k must be an int, not {type(k).__name__}") from None
    if k < 5 or k > 7:
        raise HandSizeError(f"{what} takes k from 5 to 7, got {_shown(k)}")
    return k


def value_counts(k, rules=STANDARD):
    """How many k-card hands of the rules' deck have each value, by full enumeration.

    Args:
        k: cards per hand, 5 to 7.
        rules: a :class:`HandRules` or a preset's name.

    Returns:
        numpy.ndarray of uint64, shape (rules.n_values + 1,), indexed by value
        (index 0 stays zero).

    Raises:
        HandSizeError: k outside 5..7.
        ArgumentTypeError: a k that is no int, or rules as for :func:`evaluate`.
    """
    cdef HandRules rules_ = _hand_rules(rules)
    cdef const pr_tables *t = rules_.tables()
    cdef int cards = _hand_size(k, "value_counts")
    out = _numpy().zeros(t.nclasses + 1, dtype=np.uint64)
    cdef uint64_t[::1] o = out
    cdef int status
    with nogil:
        status = pr_enumerate(t, cards, &o[0])
    if status:
        raise MemoryError("no memory for the enumeration's slot counts")
    return out


def category_counts(k, rules=STANDARD):
    """The category histogram of every k-card hand of the rules' deck (computed in C).

    Returns:
        dict mapping each HandCategory of ``rules.category_order`` to its count.

    Raises the errors of :func:`value_counts`.

    >>> category_counts(5)[HandCategory.FULL_HOUSE]
    3744
    """
    rules = _hand_rules(rules)
    _hand_size(k, "category_counts")
    counts = value_counts(k, rules)  # imports numpy
    cats = categories(np.arange(1, rules.n_values + 1), rules)
    hist = np.bincount(cats, weights=counts[1:], minlength=10)
    return {c: int(round(hist[int(c)])) for c in rules.category_order}
