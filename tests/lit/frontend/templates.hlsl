// RUN: %shaderlens compile -T cs_6_6 --print ast %s | FileCheck %s
// HLSL 2021 function and struct templates, instantiated per argument list.

template <typename T> T square(T x) { return x * x; }
template <typename T, uint N> vector<T, N> twice(vector<T, N> v) { return v + v; }
template <typename T, int Size = 4> struct Stack {
  T items[Size];
  uint top;
  T peek() { return items[top]; }
};

RWBuffer<float> Out;

[numthreads(1, 1, 1)]
void main() {
  float a = square(2.0f);
  int b = square(3);
  uint2 c = twice(uint2(1, 2));
  Stack<float> s = (Stack<float>)0;
  Stack<int, 2> t = (Stack<int, 2>)0;
  Out[0] = a + b + c.x + s.peek() + t.items[1] + square<float>(1);
}

// CHECK:      FunctionTemplate square <typename T> <4:25>
// CHECK-NEXT:   Instance <float>
// CHECK-NEXT:   Instance <int>
// CHECK:      StructTemplate Stack <typename T, int Size>
// CHECK-NEXT:   Instance <float, 4>
// CHECK-NEXT:   Instance <int, 2>
// CHECK:      Function square<float> 'float (float)' <4:25>
// CHECK:      Function square<int> 'int (int)' <4:25>
// CHECK:      Function twice<uint, 2> 'uint2 (uint2)' <5:44>
// CHECK:      Struct Stack<float, 4> <6:44>
// CHECK-NEXT:   Field items 'float[4]'
// CHECK:      Struct Stack<int, 2> <6:44>
// CHECK-NEXT:   Field items 'int[2]'
