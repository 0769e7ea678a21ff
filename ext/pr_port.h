/* What the C core needs from the compiler and the system, in one place: bit scans
 * and popcounts, an atomic int, threads, and whether the x86 SIMD kernels can be
 * compiled.  Three paths each: gcc/clang builtins, MSVC intrinsics (x86, x64 and
 * ARM64, each intrinsic guarded by the targets that have it) and plain C.  Nothing
 * else in ext/ names a compiler's intrinsic or a thread API.
 */
#ifndef PR_PORT_H
#define PR_PORT_H

#include <stdint.h>

/* PR_PLAIN_C: the plain-C paths whatever the compiler (and so no threads), to test them */
#if defined(PR_PLAIN_C)
#ifndef PR_NO_THREADS
#define PR_NO_THREADS 1
#endif
#elif defined(_MSC_VER) && !defined(__clang__)
#define PR_MSVC 1
#include <intrin.h>
#elif defined(__GNUC__) || defined(__clang__)
#define PR_GNUC 1
#endif

/* ------------------------------------------------------- bit scans (x != 0) */

#if defined(PR_GNUC)
static inline int pr_ctz32(uint32_t x) { return __builtin_ctz(x); }
static inline int pr_ctz64(uint64_t x) { return __builtin_ctzll(x); }
static inline int pr_clz32(uint32_t x) { return __builtin_clz(x); }
static inline int pr_popcount32(uint32_t x) { return __builtin_popcount(x); }
#elif defined(PR_MSVC)
static inline int pr_ctz32(uint32_t x) { unsigned long i; _BitScanForward(&i, x); return (int)i; }
static inline int pr_clz32(uint32_t x) { unsigned long i; _BitScanReverse(&i, x); return 31 - (int)i; }
#if defined(_M_X64) || defined(_M_ARM64)
static inline int pr_ctz64(uint64_t x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
#else /* 32-bit targets have no 64-bit scan: two 32-bit ones */
static inline int pr_ctz64(uint64_t x) {
    return (uint32_t)x ? pr_ctz32((uint32_t)x) : 32 + pr_ctz32((uint32_t)(x >> 32));
}
#endif
#if defined(_M_IX86) || defined(_M_X64)
static inline int pr_popcount32(uint32_t x) { return (int)__popcnt(x); }
#else /* __popcnt is x86 only; ARM64's compiler turns this into its count instruction */
static inline int pr_popcount32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
#endif
#else /* plain C */
static inline int pr_ctz32(uint32_t x) { int n = 0; while (!(x & 1u)) { x >>= 1; n++; } return n; }
static inline int pr_ctz64(uint64_t x) { int n = 0; while (!(x & 1u)) { x >>= 1; n++; } return n; }
static inline int pr_clz32(uint32_t x) { int n = 0; while (!(x & 0x80000000u)) { x <<= 1; n++; } return n; }
static inline int pr_popcount32(uint32_t x) { int n = 0; for (; x; x &= x - 1) n++; return n; }
#endif

/* Set bits of a 64-bit word: two 32-bit counts on every path. */
static inline int pr_popcount64(uint64_t x) {
    return pr_popcount32((uint32_t)x) + pr_popcount32((uint32_t)(x >> 32));
}

/* --------------------------------------------------------------- atomic int
 * A value that threads read while another may set it once: a relaxed load and a
 * compare-and-swap, so that two first callers agree on one value. */
#if defined(PR_GNUC)
typedef int pr_atomic_int;
static inline int pr_atomic_load(pr_atomic_int *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
static inline void pr_atomic_store(pr_atomic_int *p, int v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
/* Sets *p to v if it holds expected; returns what *p holds afterwards. */
static inline int pr_atomic_set_if(pr_atomic_int *p, int expected, int v) {
    __atomic_compare_exchange_n(p, &expected, v, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}
#elif defined(PR_MSVC)
typedef volatile long pr_atomic_int;
static inline int pr_atomic_load(pr_atomic_int *p) { return (int)_InterlockedOr(p, 0); }
static inline void pr_atomic_store(pr_atomic_int *p, int v) { _InterlockedExchange(p, v); }
static inline int pr_atomic_set_if(pr_atomic_int *p, int expected, int v) {
    _InterlockedCompareExchange(p, v, expected);
    return (int)_InterlockedOr(p, 0);
}
#else /* plain C without threads of its own (PR_NO_THREADS below) */
typedef volatile int pr_atomic_int;
static inline int pr_atomic_load(pr_atomic_int *p) { return *p; }
static inline void pr_atomic_store(pr_atomic_int *p, int v) { *p = v; }
static inline int pr_atomic_set_if(pr_atomic_int *p, int expected, int v) {
    if (*p == expected) *p = v;
    return *p;
}
#endif

/* ------------------------------------------------------------------- SIMD
 * The AVX2 and AVX-512 kernels: x86 with gcc 8+ or clang, compiled with function
 * attributes (so the module runs on any x86 CPU) and chosen by CPU features at run
 * time.  PR_NO_SIMD leaves them out. */
#if !defined(PR_NO_SIMD) && defined(PR_GNUC) && (defined(__x86_64__) || defined(__i386__)) && \
    (defined(__clang__) || __GNUC__ >= 8)
#define PR_HAVE_SIMD 1
#endif

#if defined(PR_MSVC)
#define PR_NOINLINE __declspec(noinline)
#elif defined(PR_GNUC)
#define PR_NOINLINE __attribute__((noinline))
#else
#define PR_NOINLINE
#endif

#endif

#if defined(PR_WANT_THREADS) && !defined(PR_PORT_THREADS)
#define PR_PORT_THREADS 1
/* ------------------------------------------------------------------ threads
 * Only where PR_WANT_THREADS is defined before the first include (windows.h is
 * kept out of the Cython modules).  pr_thread_start runs fn(arg) on a new thread
 * (0 when started, else nonzero and nothing runs); pr_thread_join waits for it.  Win32 threads on Windows, POSIX
 * threads elsewhere; with PR_NO_THREADS (a plain-C build) nothing starts and the
 * caller runs the work itself. */
#if defined(_WIN32) && !defined(PR_NO_THREADS)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
typedef HANDLE pr_thread;
typedef struct { void (*fn)(void *); void *arg; } pr_thread_call;
static DWORD WINAPI pr_thread_main(LPVOID p) {
    pr_thread_call *c = (pr_thread_call *)p;
    c->fn(c->arg);
    return 0;
}
/* call must live until the join */
static inline int pr_thread_start(pr_thread *id, pr_thread_call *call) {
    *id = CreateThread(NULL, 0, pr_thread_main, call, 0, NULL);
    return *id == NULL;
}
static inline void pr_thread_join(pr_thread id) {
    WaitForSingleObject(id, INFINITE);
    CloseHandle(id);
}
#elif !defined(PR_NO_THREADS) && !defined(PR_MSVC)
#include <pthread.h>
typedef pthread_t pr_thread;
typedef struct { void (*fn)(void *); void *arg; } pr_thread_call;
static void *pr_thread_main(void *p) {
    pr_thread_call *c = (pr_thread_call *)p;
    c->fn(c->arg);
    return NULL;
}
static inline int pr_thread_start(pr_thread *id, pr_thread_call *call) {
    return pthread_create(id, NULL, pr_thread_main, call);
}
static inline void pr_thread_join(pr_thread id) { pthread_join(id, NULL); }
#else
#ifndef PR_NO_THREADS
#define PR_NO_THREADS 1
#endif
typedef int pr_thread;
typedef struct { void (*fn)(void *); void *arg; } pr_thread_call;
static inline int pr_thread_start(pr_thread *id, pr_thread_call *call) {
    (void)id; (void)call;
    return 1;
}
static inline void pr_thread_join(pr_thread id) { (void)id; }
#endif
#endif
