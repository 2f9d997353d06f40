"""Finding 6 (bots): thinking is shared fairly between tables, so slow bots cannot starve quick ones."""

from __future__ import annotations

import asyncio

from tricktable.server.fair import FairPool


def test_a_quick_table_is_served_between_the_moves_of_a_slow_one() -> None:
    async def main() -> list[str]:
        pool, done = FairPool(slots=1), []

        async def think(key: str, seconds: float) -> None:
            await pool.run(key, lambda: asyncio.sleep(seconds))
            done.append(key)

        slow = [asyncio.create_task(think(f"hard{t}", 0.05)) for t in range(4) for _ in range(3)]
        await asyncio.sleep(0.01)  # the slow tables' twelve moves are queued first
        quick = [asyncio.create_task(think("quick", 0.001)) for _ in range(3)]
        await asyncio.gather(*slow, *quick)
        return done

    done = asyncio.run(main())
    assert max(i for i, key in enumerate(done) if key == "quick") <= 6, done  # FIFO would put it last (14)


def test_a_cancelled_wait_gives_its_turn_away() -> None:
    async def main() -> int:
        pool = FairPool(slots=1)
        first = asyncio.create_task(pool.run("a", lambda: asyncio.sleep(0.02)))
        await asyncio.sleep(0)
        second = asyncio.create_task(pool.run("b", lambda: asyncio.sleep(0.02)))
        await asyncio.sleep(0)
        second.cancel()
        third = asyncio.create_task(pool.run("c", lambda: asyncio.sleep(0.0, result=3)))
        await first
        result = await asyncio.wait_for(third, 1)
        assert pool.busy == 0 and not pool.waiting
        return result

    assert asyncio.run(main()) == 3
