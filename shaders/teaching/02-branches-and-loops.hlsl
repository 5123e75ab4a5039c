// 02-branches-and-loops.hlsl: lesson 2, control flow becomes structured regions
//
// An if and a for loop. The IR is structured like SPIR-T: a select node with two regions for
// the if, a loop node whose values leave through region outputs instead of phi nodes. Click a
// line inside the loop and watch which IR and qptr lines light up; then switch on the diff
// mode to see what binding legalization (ir.bound) changed and what it left alone.

RWStructuredBuffer<uint> Output : register(u0);

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint n = id.x;
  uint steps = 0;
  for (uint i = 0; i < 32 && n != 1; ++i) {
    if ((n & 1) == 0)
      n = n / 2;
    else
      n = 3 * n + 1;
    ++steps;
  }
  Output[id.x] = steps;
}
