// Vertex shader of the ImGui renderer: ImGui's vertices are in display pixels; the push constant
// maps them to clip space (scale = 2/size, translate = -1 - 2*pos/size), as the draw data asks.
#version 450

layout(location = 0) in vec2 inPosition;
layout(location = 1) in vec2 inUv;
layout(location = 2) in vec4 inColor;  // R8G8B8A8_UNORM, already 0..1

layout(push_constant) uniform Transform {
  vec2 scale;
  vec2 translate;
} transform;

layout(location = 0) out vec4 outColor;
layout(location = 1) out vec2 outUv;

void main() {
  outColor = inColor;
  outUv = inUv;
  gl_Position = vec4(inPosition * transform.scale + transform.translate, 0.0, 1.0);
}
