# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes small ONNX networks in the style of real model families the test set does not carry
(EfficientNet: swish, squeeze-and-excitation, depthwise; ShuffleNet: channel shuffle through a
5-D reshape and transpose, split, grouped convolution, concat; DenseNet: dense concats, average
pooling, resize, softmax; ResNet-50: a strided 7x7 stem, bottleneck blocks of 1x1 / 3x3 / 1x1
convolutions with batch norms, a strided projection shortcut and an identity one, global pooling
and a classifier), with seeded random weights and an input for each.

Usage: make_family_models.py OUT_DIR   (writes <name>.onnx and <name>_in.npy)
"""
import sys

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper as h
from onnx import numpy_helper as nh

rng=np.random.RandomState(0)
def W(name, *shape, scale=0.2):
    return nh.from_array((rng.standard_normal(shape)*scale).astype(np.float32), name)
def save(name, nodes, inputs, outputs, inits):
    g=h.make_graph(nodes, name, inputs, outputs, inits)
    m=h.make_model(g, opset_imports=[h.make_opsetid("",13)]); m.ir_version=8
    onnx.checker.check_model(m); onnx.save(m, f"{sys.argv[1]}/{name}.onnx")
vi=h.make_tensor_value_info
# EfficientNet-like: conv, BN, swish(x*sigmoid), depthwise, SE (GAP, conv, relu, conv, sigmoid, mul), add, GAP, flatten, gemm
n=[h.make_node("Conv",["x","w1"],["c1"],pads=[1,1,1,1],strides=[2,2]),
   h.make_node("BatchNormalization",["c1","s","b","m","v"],["bn"]),
   h.make_node("Sigmoid",["bn"],["sg"]), h.make_node("Mul",["bn","sg"],["sw"]),
   h.make_node("Conv",["sw","wd"],["dw"],pads=[1,1,1,1],group=16),
   h.make_node("GlobalAveragePool",["dw"],["gap"]),
   h.make_node("Conv",["gap","se1","se1b"],["se1o"]), h.make_node("Relu",["se1o"],["se1r"]),
   h.make_node("Conv",["se1r","se2","se2b"],["se2o"]), h.make_node("Sigmoid",["se2o"],["se2s"]),
   h.make_node("Mul",["dw","se2s"],["sc"]), h.make_node("Add",["sc","sw"],["res"]),
   h.make_node("GlobalAveragePool",["res"],["g2"]), h.make_node("Flatten",["g2"],["fl"]),
   h.make_node("Gemm",["fl","fc","fcb"],["y"],transB=1)]
save("effnet_like", n, [vi("x",T.FLOAT,[1,3,32,32])],[vi("y",T.FLOAT,[1,10])],
  [W("w1",16,3,3,3),W("s",16),W("b",16),W("m",16),nh.from_array(np.abs(rng.standard_normal(16)).astype(np.float32)+0.5,"v"),
   W("wd",16,1,3,3),W("se1",4,16,1,1),W("se1b",4),W("se2",16,4,1,1),W("se2b",16),W("fc",10,16),W("fcb",10)])
# ShuffleNet-like: conv, relu, channel shuffle (reshape 5-D, transpose, reshape), split via slice, concat, maxpool
n=[h.make_node("Conv",["x","w1"],["c1"],pads=[1,1,1,1]), h.make_node("Relu",["c1"],["r1"]),
   h.make_node("Reshape",["r1","sh5"],["r5"]), h.make_node("Transpose",["r5"],["t5"],perm=[0,2,1,3,4]),
   h.make_node("Reshape",["t5","sh4"],["sf"]),
   h.make_node("Split",["sf","splits"],["a","b"],axis=1),
   h.make_node("Conv",["b","w2"],["c2"],pads=[1,1,1,1],group=8), h.make_node("Relu",["c2"],["r2"]),
   h.make_node("Concat",["a","r2"],["cat"],axis=1),
   h.make_node("MaxPool",["cat"],["y"],kernel_shape=[3,3],strides=[2,2],pads=[1,1,1,1])]
save("shufflenet_like", n, [vi("x",T.FLOAT,[1,3,16,16])],[vi("y",T.FLOAT,[1,16,8,8])],
  [W("w1",16,3,3,3), nh.from_array(np.array([1,2,8,16,16],np.int64),"sh5"), nh.from_array(np.array([1,16,16,16],np.int64),"sh4"),
   nh.from_array(np.array([8,8],np.int64),"splits"), W("w2",8,1,3,3)])
# DenseNet-like: BN relu conv concat, avgpool, transition
n=[h.make_node("Conv",["x","w0"],["c0"],pads=[1,1,1,1]),
   h.make_node("BatchNormalization",["c0","s","b","m","v"],["b1"]), h.make_node("Relu",["b1"],["r1"]),
   h.make_node("Conv",["r1","w1"],["c1"],pads=[1,1,1,1]), h.make_node("Concat",["c0","c1"],["cat1"],axis=1),
   h.make_node("Conv",["cat1","w2"],["c2"],pads=[1,1,1,1]), h.make_node("Concat",["cat1","c2"],["cat2"],axis=1),
   h.make_node("AveragePool",["cat2"],["ap"],kernel_shape=[2,2],strides=[2,2]),
   h.make_node("Resize",["ap","","scales"],["up"],mode="nearest"),
   h.make_node("Softmax",["up"],["y"],axis=1)]
save("densenet_like", n, [vi("x",T.FLOAT,[1,3,16,16])],[vi("y",T.FLOAT,[1,24,16,16])],
  [W("w0",8,3,3,3),W("s",8),W("b",8),W("m",8),nh.from_array(np.abs(rng.standard_normal(8)).astype(np.float32)+0.5,"v"),
   W("w1",8,8,3,3),W("w2",8,16,3,3), nh.from_array(np.array([1,1,2,2],np.float32),"scales")])
for nm,shape in [("effnet_like",(1,3,32,32)),("shufflenet_like",(1,3,16,16)),("densenet_like",(1,3,16,16))]:
    np.save(f"{sys.argv[1]}/{nm}_in.npy", rng.standard_normal(shape).astype(np.float32))
# ResNet-50-like: 7x7/2 stem with BN and ReLU, 3x3/2 max pool, a bottleneck block with a strided
# 1x1 projection shortcut (24 -> 96 channels, not a multiple of 16 inside), an identity bottleneck
# block, global average pool, flatten, classifier. Its own generator, so the inputs above do not move.
rng=np.random.RandomState(1)
def bn(name, c):
    return [W(name+"_s",c,scale=0.1), W(name+"_b",c,scale=0.1), W(name+"_m",c,scale=0.1),
            nh.from_array(np.abs(rng.standard_normal(c)).astype(np.float32)+0.5, name+"_v")]
def conv_bn(x, y, name, relu, **attrs):
    nodes=[h.make_node("Conv",[x,name+"_w"],[y+"_c"],**attrs),
           h.make_node("BatchNormalization",[y+"_c",name+"_s",name+"_b",name+"_m",name+"_v"],[y if not relu else y+"_n"])]
    if relu:
        nodes.append(h.make_node("Relu",[y+"_n"],[y]))
    return nodes
n=(conv_bn("x","stem","stem",True,pads=[3,3,3,3],strides=[2,2])
   +[h.make_node("MaxPool",["stem"],["pool"],kernel_shape=[3,3],strides=[2,2],pads=[1,1,1,1])]
   +conv_bn("pool","a1","a1",True)+conv_bn("a1","a2","a2",True,pads=[1,1,1,1],strides=[2,2])
   +conv_bn("a2","a3","a3",False)+conv_bn("pool","ap","ap",False,strides=[2,2])
   +[h.make_node("Add",["a3","ap"],["s1"]), h.make_node("Relu",["s1"],["o1"])]
   +conv_bn("o1","b1","b1",True)+conv_bn("b1","b2","b2",True,pads=[1,1,1,1])+conv_bn("b2","b3","b3",False)
   +[h.make_node("Add",["b3","o1"],["s2"]), h.make_node("Relu",["s2"],["o2"]),
     h.make_node("GlobalAveragePool",["o2"],["gap"]), h.make_node("Flatten",["gap"],["fl"]),
     h.make_node("Gemm",["fl","fc","fcb"],["y"],transB=1)])
inits=[W("stem_w",32,3,7,7,scale=0.1)]+bn("stem",32)
for name,shape in [("a1",(24,32,1,1)),("a2",(24,24,3,3)),("a3",(96,24,1,1)),("ap",(96,32,1,1)),
                   ("b1",(24,96,1,1)),("b2",(24,24,3,3)),("b3",(96,24,1,1))]:
    inits+=[W(name+"_w",*shape,scale=0.15)]+bn(name,shape[0])
inits+=[W("fc",10,96),W("fcb",10)]
save("resnet50_like", n, [vi("x",T.FLOAT,[1,3,64,64])],[vi("y",T.FLOAT,[1,10])], inits)
np.save(f"{sys.argv[1]}/resnet50_like_in.npy", rng.standard_normal((1,3,64,64)).astype(np.float32))
