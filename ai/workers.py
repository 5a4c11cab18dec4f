"""Work spread over processes that never outlive the process that started them.

``concurrent.futures`` queues every piece of work before the first one runs (a billion
rounds were billions of objects, then a MemoryError) and its workers wait for ever when
their parent is killed (a killed ``--jobs 1000`` left 882 behind). Here:

- work is taken from its iterable only as workers become free (a few pieces ahead);
- a worker ends as soon as its parent is gone, however the parent ended: it waits on the
  pipe ``multiprocessing`` keeps to its parent, which breaks when the parent dies;
- ctrl+c, which the terminal sends to every process of the job, is the parent's to act
  on: workers ignore it (and a hang-up), and the parent ends them when it stops;
- when the parent stops, for any reason, its workers are ended before ``run`` returns.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
import traceback
from collections.abc import Callable, Generator, Iterable, Sequence
from multiprocessing.connection import wait
from queue import Empty
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess
    from multiprocessing.queues import Queue
    from multiprocessing.sharedctypes import Synchronized

Item = TypeVar("Item")
Result = TypeVar("Result")
Tick = Callable[[], None]

PROGRESS_SECONDS = 0.1  # how often the parent reports the workers' progress while it waits
_AHEAD = 2  # pieces of work queued per worker, so that none waits for the next


def _end_with_parent() -> None:
    parent = multiprocessing.parent_process()
    if parent is not None:
        wait([parent.sentinel])  # returns when the parent has ended
    os._exit(1)


def _serve(
    function: Callable[[Any, Tick], Any],
    tasks: Queue[Any],
    results: Queue[Any],
    ticks: Synchronized[int],
) -> None:
    for number in (signal.SIGINT, signal.SIGHUP):
        signal.signal(number, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=_end_with_parent, daemon=True).start()

    def tick() -> None:
        with ticks.get_lock():
            ticks.value += 1

    while (task := tasks.get()) is not None:
        try:
            results.put((True, function(task, tick)))
        except Exception:  # noqa: BLE001 - sent to the parent, which raises it with its traceback
            results.put((False, traceback.format_exc()))


class WorkerFailed(RuntimeError):
    """A piece of work raised in a worker, or a worker died; the message has the details."""


def run(
    function: Callable[[Item, Tick], Result],
    items: Iterable[Item],
    *,
    jobs: int,
    progress: Callable[[int], None] | None = None,
) -> Generator[Result]:
    """``function(item, tick)`` for every item, results as they come (in any order).

    ``function`` calls ``tick()`` for each step of its work (a round played); ``progress``
    gets the total of the ticks so far, every step with one job, every tenth of a second
    with more. ``function`` and the items must be picklable when ``jobs`` > 1.
    """
    if jobs <= 1:
        yield from _run_here(function, items, progress)
    else:
        yield from _run_in_workers(function, items, jobs, progress)


def _run_here(
    function: Callable[[Item, Tick], Result], items: Iterable[Item], progress: Callable[[int], None] | None
) -> Generator[Result]:
    ticks = 0

    def tick() -> None:
        nonlocal ticks
        ticks += 1
        if progress is not None:
            progress(ticks)

    for item in items:
        yield function(item, tick)


def _run_in_workers(
    function: Callable[[Item, Tick], Result],
    items: Iterable[Item],
    jobs: int,
    progress: Callable[[int], None] | None,
) -> Generator[Result]:
    context = multiprocessing.get_context()
    tasks: Queue[Any] = context.Queue()
    results: Queue[Any] = context.Queue()
    ticks: Synchronized[int] = context.Value("q", 0)
    workers = [context.Process(target=_serve, args=(function, tasks, results, ticks), daemon=True) for _ in range(jobs)]
    for worker in workers:
        worker.start()
    pending = iter(items)
    waiting = 0
    try:
        for item in pending:
            tasks.put(item)
            waiting += 1
            if waiting >= jobs * _AHEAD:
                break
        while waiting:
            succeeded, value = _next_result(results, workers, ticks, progress)
            waiting -= 1
            if not succeeded:
                raise WorkerFailed(f"a worker process failed:\n{value}")
            for item in pending:  # one piece out, one piece in
                tasks.put(item)
                waiting += 1
                break
            yield value
        for _ in workers:
            tasks.put(None)
        for worker in workers:
            worker.join()
    finally:
        _end(workers, tasks, results)


def _next_result(
    results: Queue[Any],
    workers: Sequence[BaseProcess],
    ticks: Synchronized[int],
    progress: Callable[[int], None] | None,
) -> tuple[bool, Any]:
    while True:
        try:
            result: tuple[bool, Any] = results.get(timeout=PROGRESS_SECONDS)
        except Empty:
            dead = [worker.exitcode for worker in workers if worker.exitcode is not None]
            if dead:
                raise WorkerFailed(f"a worker process ended unexpectedly (exit code {dead[0]})") from None
            if progress is not None:
                progress(ticks.value)
            continue
        if progress is not None:
            progress(ticks.value)
        return result


def _end(
    workers: Sequence[BaseProcess],
    tasks: Queue[Any],
    results: Queue[Any],
) -> None:
    """End every worker still running (a stop, an error), and let go of the queues without waiting on them."""
    for worker in workers:
        if worker.is_alive():
            worker.terminate()
    deadline = time.monotonic() + 5
    for worker in workers:
        worker.join(max(deadline - time.monotonic(), 0))
        if worker.is_alive():
            worker.kill()
            worker.join()
    for queue in (tasks, results):
        queue.cancel_join_thread()  # work nobody will take: the parent does not wait to hand it over
        queue.close()
