# The Python 2.7 programs of the jython workload (io.jremix.bench.suite.apps.JythonScripts).
# Each program is a function of one argument whose result the workload reads back as str(result).


def lcg(x):
    return (x * 1103515245 + 12345) % 2147483648


def sieve(n):
    """Number and sum of the primes below n, as 'count:sum'."""
    flags = [True] * n
    flags[0] = flags[1] = False
    for i in xrange(2, int(n ** 0.5) + 1):
        if flags[i]:
            for j in xrange(i * i, n, i):
                flags[j] = False
    primes = [i for i, f in enumerate(flags) if f]
    return "%d:%d" % (len(primes), sum(primes))


def words(text):
    """Distinct words and the ten most frequent ones, after lower-casing and stripping punctuation."""
    counts = {}
    for raw in text.split():
        word = raw.lower().strip(".,;!?")
        if word:
            counts[word] = counts.get(word, 0) + 1
    top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:10]
    return "%d|%s" % (len(counts), ",".join("%s=%d" % kv for kv in top))


def queens(n):
    """Number of ways to place n queens on an n x n board, by recursive backtracking."""
    cols, diag1, diag2 = set(), set(), set()

    def place(row):
        if row == n:
            return 1
        found = 0
        for c in range(n):
            if c not in cols and row + c not in diag1 and row - c not in diag2:
                cols.add(c); diag1.add(row + c); diag2.add(row - c)
                found += place(row + 1)
                cols.remove(c); diag1.remove(row + c); diag2.remove(row - c)
        return found

    return place(0)


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def records(n):
    """Sorts n generated (id, name, score) records by score descending, then name, then id; returns a checksum."""
    x, rows = n, []
    for i in xrange(n):
        x = lcg(x)
        name = "".join(chr(97 + (x >> s) % 26) for s in (4, 9, 14))
        x = lcg(x)
        rows.append((i, name, x % 1000))
    rows.sort(key=lambda r: (-r[2], r[1], r[0]))
    return sum((pos + 1) * r[0] for pos, r in enumerate(rows)) % 1000000007


class Shape(object):
    def __init__(self, a, b):
        self.a, self.b = a, b

    def kind(self):
        return type(self).__name__


class Rect(Shape):
    def area(self):
        return self.a * self.b


class Square(Rect):
    def __init__(self, a):
        Rect.__init__(self, a, a)


class Tri(Shape):
    def area(self):
        return self.a * self.b // 2


def shapes(n):
    """Builds n generated shapes of a small class hierarchy; count and area total per class, as 'Kind=n/area,...'."""
    x, tally = n, {}
    for _ in xrange(n):
        x = lcg(x)
        a, b = 1 + (x >> 8) % 50, 1 + (x >> 16) % 50
        shape = (Rect(a, b), Square(a), Tri(a, b))[x % 3]
        n, area = tally.get(shape.kind(), (0, 0))
        tally[shape.kind()] = (n + 1, area + shape.area())
    return ",".join("%s=%d/%d" % (k, v[0], v[1]) for k, v in sorted(tally.items()))
