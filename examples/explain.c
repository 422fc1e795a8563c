/* explain.c: where an option's expected score comes from, and why it is worse than the
 * best, from C (docs/EXPLAIN.md).
 *
 *   cc -std=c99 -I include examples/explain.c target/release/libyahtzee.a -lpthread -ldl -lm -o explain
 *   ./explain DATA_DIR   # a small game's tables are built there if missing (a moment)
 *
 * A reduced game (Ones, Twos, Yahtzee, Chance; the upper bonus at 6) whose figures can be
 * checked by hand: the last turn, Twos open with 3 in Ones, 2 2 4 5 6 with two rolls left.
 * Keeping both 2s makes the bonus certain; keeping one leaves it to a 2 among four dice
 * rolled twice, 1 - (25/36)^4. It prints each option's parts and words, a card's parts,
 * and exits non-zero if they are not those figures (the tests run it).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "yahtzee.h"

#define RULES "forced:ones,twos,yahtzee,chance@6"

static double part(const YzParts *p, const char *name) {
    for (size_t i = 0; i < p->box_count; i++)
        if (strcmp(p->box_names[i], name) == 0) return p->boxes[i];
    return NAN;
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : ".";
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.table", dir, RULES);
    YzTable *table = NULL;
    if (yz_table_load_or_solve(RULES, path, &table) != YZ_OK) {
        fprintf(stderr, "error: %s\n", yz_last_error());
        return 1;
    }

    YzOption options[YZ_MAX_OPTIONS];
    static YzParts parts[YZ_MAX_OPTIONS];
    size_t count = 0;
    if (yz_advise_explain(table, "ones=3 yahtzee=0 chance=28", "22456", 2, options, parts,
                          YZ_MAX_OPTIONS, &count) != YZ_OK) {
        fprintf(stderr, "error: %s\n", yz_last_error());
        return 1;
    }
    int ok = count > 1 && options[0].keep_len == 2 && options[0].keep[0] == 2 &&
             options[0].keep[1] == 2 && parts[0].why[0] == '\0';
    for (size_t i = 0; i < count; i++) {
        const YzOption *o = &options[i];
        printf("keep");
        for (int k = 0; k < o->keep_len; k++) printf(" %d", o->keep[k]);
        printf(": total %.4f, twos %.4f, upper bonus %.4f", parts[i].total, part(&parts[i], "twos"),
               parts[i].upper_bonus);
        if (parts[i].why[0]) printf(" (%s)", parts[i].why);
        printf("\n");
        /* The parts add up to the option's expected final total (31 points on the card). */
        ok = ok && fabs(parts[i].total - (31 + o->ev_remaining)) < 1e-4;
        if (o->keep_len == 1 && o->keep[0] == 2) {
            double p = 1 - pow(25.0 / 36.0, 4);
            ok = ok && fabs(parts[i].upper_bonus - p) < 1e-6 &&
                 fabs(part(&parts[i], "twos") - (2 + 8 * 11.0 / 36.0)) < 1e-6 &&
                 strcmp(parts[i].why, "upper bonus 77% instead of 100%, Twos -1.4") == 0;
        }
    }

    /* A card's parts: what `yahtzee stats --means` prints. */
    YzParts card;
    if (yz_card_parts(table, "ones=3", &card) != YZ_OK) {
        fprintf(stderr, "error: %s\n", yz_last_error());
        return 1;
    }
    printf("ones=3: total %.4f, upper bonus %.4f, yahtzee %.4f (chance %.4f)\n", card.total,
           card.upper_bonus, part(&card, "yahtzee"), card.chances[2]);
    double value = 0.0;
    ok = ok && yz_state_value(table, "ones=3", &value) == YZ_OK &&
         fabs(card.total - (3 + value)) < 1e-4 && isnan(card.chances[0]) &&
         fabs(card.chances[2] * 50 - card.boxes[2]) < 1e-9 && card.why[0] == '\0';

    /* Errors come back as codes, with a one-line message. */
    int rc = yz_card_parts(table, "threes=9", &card);
    printf("threes=9: code %d: %s\n", rc, yz_last_error());
    ok = ok && rc == YZ_ERR_INPUT;
    yz_table_free(table);
    return ok ? 0 : 2;
}
