"""Hook dispatch for the engine module as written: every seat plays the defaults.

The kernel builder (:mod:`sim.kernel`) generates a module with the same functions that dispatch
on the strategy id to the registered strategies; this file only lets ``sim.engine`` import and
run on its own (with the defaults of :mod:`sim.hooks`).
"""

from sim import hooks
from sim.jit import hot


@hot
def hook_place(sid, st, g, seat, params, rng, lo, hi, herd_value, memo):
    """The place hook of strategy ``sid``.

    Why ten parameters: a dispatcher takes the strategy id, then the hook's own arguments as
    every strategy's ``place`` takes them (:func:`sim.hooks.place`, the hook contract that
    registered and user strategies implement); grouping them would change that contract.
    """
    return hooks.place(st, g, seat, params, rng, lo, hi, herd_value, memo)


@hot
def hook_next_action(sid, st, g, seat, params, rng, pending):
    return hooks.next_action(st, g, seat, params, rng, pending)


@hot
def hook_use_tools(sid, st, g, seat, params, rng, good, dice_sum, people):
    return hooks.use_tools(st, g, seat, params, rng, good, dice_sum, people)


@hot
def hook_buy_card(sid, st, g, seat, params, rng, space, pay):
    return hooks.buy_card(st, g, seat, params, rng, space, pay)


@hot
def hook_buy_building(sid, st, g, seat, params, rng, stack, pay):
    return hooks.buy_building(st, g, seat, params, rng, stack, pay)


@hot
def hook_take_die(sid, st, g, seat, params, rng, dice):
    return hooks.take_die(st, g, seat, params, rng, dice)


@hot
def hook_choose_resources(sid, st, g, seat, params, rng, n, out):
    return hooks.choose_resources(st, g, seat, params, rng, n, out)


@hot
def hook_pay_resources(sid, st, g, seat, params, rng, amount, reason, pay):
    return hooks.pay_resources(st, g, seat, params, rng, amount, reason, pay)


@hot
def hook_accept_starvation(sid, st, g, seat, params, rng, shortfall):
    return hooks.accept_starvation(st, g, seat, params, rng, shortfall)


@hot
def hook_value_goods(sid, st, g, seat, params, rng, values, most):
    return hooks.value_goods(st, g, seat, params, rng, values, most)


@hot
def hook_food_for_figures(sid, st, g, seat, params, rng, count):
    return hooks.food_for_figures(st, g, seat, params, rng, count)


@hot
def hook_herd_value(sid, st, g, seat, params, rng, values):
    return hooks.herd_value(st, g, seat, params, rng, values)


@hot
def hook_herd_people(sid, st, g, seat, params, rng, turn, most):
    return hooks.herd_people(st, g, seat, params, rng, turn, most)


@hot
def hook_commit_figures(sid, st, g, seat, params, rng, available, values):
    return hooks.commit_figures(st, g, seat, params, rng, available, values)


@hot
def hook_take_first_bonus(sid, st, g, seat, params, rng, values):
    return hooks.take_first_bonus(st, g, seat, params, rng, values)


@hot
def taming_reads_values(tid):
    return True
