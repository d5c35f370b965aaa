#pragma once
// self-written stub, see torch/extension.h
#include <cuda_fp16.h>
#include <torch/extension.h>
