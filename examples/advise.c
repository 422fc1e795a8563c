/* advise.c: the best moves for a position, from C, with the engine's C library.
 *
 *   cargo build --release -p yahtzee-c
 *   cc -O2 -I include examples/advise.c target/release/libyahtzee.a -lpthread -ldl -lm -o advise
 *   ./advise [TABLE]        # TABLE: where the official table is (solved there if missing)
 *
 * It prints the official game's expected score and the best keeps for 1 3 3 4 6 on the
 * first roll of a new game, shows how an error is reported, and exits non-zero if the
 * answers are not the reference ones (the tests run it).
 */
#include <math.h>
#include <stdio.h>

#include "yahtzee.h"

static void print_option(const YzOption *o) {
    if (o->kind == YZ_KEEP) {
        printf("keep");
        for (int i = 0; i < o->keep_len; i++) printf(" %d", o->keep[i]);
        if (o->keep_len == 0) printf(" nothing");
    } else {
        printf("score %s for %u", o->category, o->score);
    }
    printf("  expected %.4f, loss %.4f\n", o->ev_remaining, o->loss);
}

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : NULL;
    YzTable *table = NULL;
    if (yz_table_load_or_solve("forced", path, &table) != YZ_OK) {
        fprintf(stderr, "error: %s\n", yz_last_error());
        return 1;
    }

    double value = 0.0;
    if (yz_state_value(table, "", &value) != YZ_OK) {
        fprintf(stderr, "error: %s\n", yz_last_error());
        return 1;
    }
    printf("yahtzee %s: optimal expected score %.7f\n", yz_version(), value);

    YzOption options[YZ_MAX_OPTIONS];
    size_t count = 0;
    if (yz_advise(table, "", "13346", 2, options, YZ_MAX_OPTIONS, &count) != YZ_OK) {
        fprintf(stderr, "error: %s\n", yz_last_error());
        return 1;
    }
    printf("dice 1 3 3 4 6, two rolls left: %zu options, best first\n", count);
    for (size_t i = 0; i < 3 && i < count; i++) print_option(&options[i]);

    /* Errors come back as codes, with a one-line message. */
    int rc = yz_advise(table, "", "1334", 2, options, YZ_MAX_OPTIONS, &count);
    printf("dice 1 3 3 4: code %d: %s\n", rc, yz_last_error());

    int ok = fabs(value - 254.5877287) < 1e-6 && count > 0 && options[0].kind == YZ_KEEP &&
             options[0].keep_len == 2 && options[0].keep[0] == 3 && options[0].keep[1] == 3 &&
             rc == YZ_ERR_INPUT;
    yz_table_free(table);
    return ok ? 0 : 2;
}
