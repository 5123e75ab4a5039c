// punning.hlsl: one byte buffer read as two different types (type punning through memory)
//
// A ByteAddressBuffer has no element type: the same bytes are loaded as a uint and as a float,
// and stored back as a pair. In SPIR-V this is a runtime array of uint with bit casts. The qptr
// stages (qptr.lower, qptr.analyze, qptr.lift) turn typed pointers into quasi-pointers, record
// how each is used (the qptr.usage attributes, coloured apart in the stage tabs), and rebuild
// types from those uses. Compare qptr.lower with qptr.lift using the diff mode.

RWByteAddressBuffer Data : register(u0);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint offset = id.x * 8;
  uint bits = Data.Load(offset);
  float value = asfloat(Data.Load(offset + 4));
  Data.Store2(offset, uint2(bits + 1, asuint(value * 2.0)));
}
