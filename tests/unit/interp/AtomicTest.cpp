// (tests land with their family)
#include <catch2/catch.hpp>
