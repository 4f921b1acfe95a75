"""The names tinygrad's test/backend/test_nn.py imports from its test/helpers.py. That file imports
tinygrad's codegen and scheduler; here only the decorators are real, the schedule check raises."""

import functools
import os
import unittest

# tinygrad's: slow tests run only with RUN_SLOW=1 (run_nn_suite.py sets it)
slow = unittest.skipUnless(os.getenv("RUN_SLOW"), "slow test, set RUN_SLOW=1 to run")


def check_schedule(*_args, **_kwargs):
    raise NotImplementedError("test.helpers.check_schedule counts tinygrad's scheduled kernels; "
                              "uop has no tinygrad schedule")


def not_support_multi_device():
    return True


def needs_second_gpu(fn):
    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        self.skipTest("second device not available: uop runs on one CPU device")
    return wrapper
