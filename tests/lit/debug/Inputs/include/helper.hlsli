// helper.hlsli: a function the shader includes
uint scaled(uint x) {
  uint twice = x * 2;
  return twice + 1;
}
