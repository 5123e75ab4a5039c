StructuredBuffer<double4> M : register(t0);
StructuredBuffer<double4> A : register(t1);
StructuredBuffer<double4> B : register(t2);

RWStructuredBuffer<double4> Out : register(u3);


[nuouble4(1.0, 1.5, 1e+308l, -1e+308l), double4(1.0, 10, 2, 2), double4(1.0, -5.5, 0, 0));
}
