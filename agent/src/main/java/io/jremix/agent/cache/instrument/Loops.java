package io.jremix.agent.cache.instrument;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;

/**
 * The control flow between a method's instructions (by index, as ASM's analyser follows it, exception edges
 * included), and the innermost loop around an instruction. A loop is a strongly connected set of instructions; its
 * headers are those entered from outside it (or the method's first); the loops nested in it are those left once
 * the edges back into its headers are taken out, which also splits a loop that irreducible code enters in two
 * places. The innermost loop around an instruction is the last of these, going in, that still holds a cycle
 * through it.
 */
final class Loops {
    private final List<List<Integer>> successors = new ArrayList<>();
    private final List<List<Integer>> predecessors = new ArrayList<>();

    Loops(int instructions) {
        for (int i = 0; i < instructions; i++) {
            successors.add(new ArrayList<>(2));
            predecessors.add(new ArrayList<>(2));
        }
    }

    /** Adds the edge, once however often the analyser reports it. */
    void edge(int from, int to) {
        if (!successors.get(from).contains(to)) {
            successors.get(from).add(to);
            predecessors.get(to).add(from);
        }
    }

    /** The instructions of the innermost loop around {@code insn}, or {@code null} if it is in none. */
    BitSet innermost(int insn) {
        BitSet region = new BitSet();
        region.set(0, successors.size());
        BitSet headers = new BitSet();
        BitSet loop = null;
        while (true) {
            BitSet cycle = reach(insn, region, headers, successors);
            cycle.and(reach(insn, region, headers, predecessors));
            boolean onCycle = cycle.cardinality() > 1
                    || (!headers.get(insn) && successors.get(insn).contains(insn));
            if (!onCycle) {
                return loop;
            }
            loop = cycle;
            region = cycle;
            headers = headersOf(cycle);
        }
    }

    /**
     * The instructions of {@code region} that {@code from} reaches along {@code edges} (successors, or predecessors
     * for the instructions that reach it), none of them an edge into one of {@code headers}.
     */
    private BitSet reach(int from, BitSet region, BitSet headers, List<List<Integer>> edges) {
        boolean forward = edges == successors;
        BitSet seen = new BitSet();
        seen.set(from);
        Deque<Integer> todo = new ArrayDeque<>(List.of(from));
        while (!todo.isEmpty()) {
            int at = todo.poll();
            if (!forward && headers.get(at)) {
                continue; // its edges in from the region are out
            }
            for (int next : edges.get(at)) {
                if (region.get(next) && !seen.get(next) && !(forward && headers.get(next))) {
                    seen.set(next);
                    todo.add(next);
                }
            }
        }
        return seen;
    }

    private BitSet headersOf(BitSet loop) {
        BitSet headers = new BitSet();
        for (int i = loop.nextSetBit(0); i >= 0; i = loop.nextSetBit(i + 1)) {
            if (i == 0 || predecessors.get(i).stream().anyMatch(p -> !loop.get(p))) {
                headers.set(i);
            }
        }
        return headers;
    }
}
