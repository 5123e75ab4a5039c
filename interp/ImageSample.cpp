// Images (see OpsImage.cpp).
#include "interp/OpsCommon.h"
