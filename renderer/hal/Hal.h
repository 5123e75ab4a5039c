// The whole HAL API in one include.
#pragma once

#include "renderer/hal/CommandBuffer.h"
#include "renderer/hal/DescriptorHeap.h"
#include "renderer/hal/Device.h"
#include "renderer/hal/DeviceInfo.h"
#include "renderer/hal/Executable.h"
#include "renderer/hal/Format.h"
#include "renderer/hal/Resources.h"
#include "renderer/hal/Status.h"
