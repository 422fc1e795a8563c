/* mulligan.c: advice after the mulligan's roll (house rule "mulligan", spent this turn),
 * from C. A card describes the start of a turn, so its mulligan=used means an earlier turn;
 * yz_advise_mulligan_spent asks about the dice of the mulligan spent now.
 *
 *   cc -std=c99 -I include examples/mulligan.c target/release/libyahtzee.a -lpthread -ldl -lm -o mulligan
 *   ./mulligan DATA_DIR     # the forced+mulligan table is solved there if missing (a second)
 *
 * It prints every option for the mulligan's roll 5 6 6 6 6 with Chance and Yahtzee open,
 * the same question through the JSON door, and the error for a card that already used
 * the mulligan.
 */
#include <stdio.h>

#include "yahtzee.h"

#define CARD "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 3k=20 4k=0 fh=25 ss=30 ls=40"

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : ".";
    char path[4096];
    snprintf(path, sizeof path, "%s/forced+mulligan.table", dir);
    YzTable *table = NULL;
    if (yz_table_load_or_solve("forced+mulligan", path, &table) != YZ_OK) {
        fprintf(stderr, "error: %s\n", yz_last_error());
        return 1;
    }

    YzOption options[YZ_MAX_OPTIONS];
    size_t count = 0;
    if (yz_advise_mulligan_spent(table, CARD, "56666", options, YZ_MAX_OPTIONS, &count) != YZ_OK) {
        fprintf(stderr, "error: %s\n", yz_last_error());
        return 1;
    }
    for (size_t i = 0; i < count; i++) {
        printf("%s %u %.12f\n", options[i].category, options[i].score, options[i].ev_remaining);
    }

    /* Any question, any objective: the JSON door with "mulligan": "this-turn". */
    YzEngine *engine = NULL;
    char *answer = NULL;
    if (yz_engine_new(dir, &engine) != YZ_OK ||
        yz_game_advise(engine, NULL,
                       "{\"rules\": \"forced+mulligan\", \"scorecard\": \"" CARD "\", "
                       "\"dice\": \"56666\", \"rolls_left\": 0, \"mulligan\": \"this-turn\"}",
                       &answer) != YZ_OK) {
        fprintf(stderr, "error: %s\n", yz_last_error());
        return 1;
    }
    printf("%s\n", answer);
    yz_string_free(answer);
    yz_engine_free(engine);

    /* Spent twice: a code and one line. */
    int rc = yz_advise_mulligan_spent(table, CARD " mulligan=used", "56666", options,
                                      YZ_MAX_OPTIONS, &count);
    printf("code %d: %s\n", rc, yz_last_error());
    yz_table_free(table);
    return rc == YZ_ERR_INPUT ? 0 : 2;
}
